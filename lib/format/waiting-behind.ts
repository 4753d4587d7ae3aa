import type { WaitingBehind } from '../domain/run-progress';

const n = (x: number) => x.toLocaleString('en-US');

/**
 * What a queued run waits behind, in a sentence; null when nothing is being scored and nothing is
 * queued before it (then no worker is taking runs at all, and the page says how to start one).
 */
export function describeWaitingBehind(waiting: WaitingBehind | null | undefined): string | null {
  if (!waiting || (waiting.runningCount === 0 && waiting.queuedAhead === 0)) return null;
  const parts: string[] = [];
  if (waiting.runningCount > 0) {
    const shown = waiting.running.map((r) => `${r.label}, ${n(r.done)} / ${n(r.total)} results`);
    const more = waiting.runningCount - waiting.running.length;
    parts.push(
      `${waiting.runningCount === 1 ? 'one run is' : `${n(waiting.runningCount)} runs are`} being scored (${shown.join('; ')}${more > 0 ? `; and ${n(more)} more` : ''})`,
    );
  }
  if (waiting.queuedAhead > 0) parts.push(`${waiting.queuedAhead === 1 ? 'one queued run is' : `${n(waiting.queuedAhead)} queued runs are`} taken before this one`);
  return `The workers are busy: ${parts.join(', and ')}.`;
}
