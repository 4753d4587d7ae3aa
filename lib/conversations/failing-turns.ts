/**
 * The turn positions a "failing turns only" view shows: each turn some metric failed, with the
 * user message just before it (the question a failing reply answered), in conversation order.
 */
export function failingTurnPositions(turns: readonly { failing: boolean }[], roles: readonly string[]): number[] {
  const shown = new Set<number>();
  turns.forEach((t, i) => {
    if (!t.failing) return;
    if (i > 0 && roles[i - 1] === 'user' && roles[i] !== 'user') shown.add(i - 1);
    shown.add(i);
  });
  return [...shown].sort((a, b) => a - b);
}
