const waiting: (() => void)[] = [];
let scheduled = false;

function release(): void {
  const next = waiting.shift();
  if (!next) {
    scheduled = false;
    return;
  }
  next();
  // The next answer two turns on: the request this one's handler starts is written in the next
  // turn's check phase (undici waits a turn before it reuses a kept-alive connection), before it.
  setImmediate(() => setImmediate(release));
}

/**
 * Resolves in an event-loop turn of its own, one caller per turn, in order. A reply's handling
 * (the SDK's, the turn's, the next request's building) costs a millisecond or two; when a wave
 * of replies arrives together, Node handles them all in one poll phase, and undici writes the
 * requests they start only after it (a reused connection waits a turn: GHSA-35p6-xmwp-9g52),
 * so every slot stayed empty until the whole wave was handled. Handed on one per turn, each
 * reply's next request leaves before the next reply is handled.
 */
export function oneAnswerPerTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!scheduled) {
      scheduled = true;
      setImmediate(release);
    }
  });
}
