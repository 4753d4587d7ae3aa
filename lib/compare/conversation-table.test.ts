import { describe, expect, it } from 'vitest';
import { ConversationTable } from './conversation-table';
import { matchKeys } from './match-keys';
import { OUTCOME, type RunVector } from './run-vector';

/** A run's vector from per-metric scores (null: no result), passing at 0.5. */
function vector(runId: string, keys: string[], scores: Record<string, (number | null)[]>): RunVector {
  const metrics = Object.keys(scores);
  const size = keys.length;
  const flat = new Float64Array(metrics.length * size).fill(Number.NaN);
  const outcomes = new Uint8Array(metrics.length * size);
  metrics.forEach((m, i) =>
    scores[m].forEach((s, row) => {
      if (s === null) return;
      flat[i * size + row] = s;
      outcomes[i * size + row] = s >= 0.5 ? OUTCOME.passed : OUTCOME.failed;
    }),
  );
  return { runId, metrics, size, keys, conversationIds: keys.map((k) => `${runId}-${k}`), scores: flat, outcomes, stats: {} };
}

describe('ConversationTable.regressedOnAny', () => {
  it('counts each conversation that regressed on some metric once', () => {
    const keys = ['a', 'b', 'c', 'd'];
    const base = vector('base', keys, { m1: [0.9, 0.9, 0.9, 0.9], m2: [0.8, 0.8, 0.8, 0.8] });
    // a regresses on m1 only, b on both, c improves, d only on m2.
    const cand = vector('cand', keys, { m1: [0.2, 0.1, 1, 0.9], m2: [0.8, 0.1, 0.9, 0.3] });
    const table = new ConversationTable([base, cand], matchKeys([base.keys, cand.keys]));
    expect(table.counts('m1').regressed).toBe(2);
    expect(table.counts('m2').regressed).toBe(2);
    expect(table.regressedOnAny(['m1', 'm2'])).toBe(3);
    expect(table.regressedOnAny(['m1'])).toBe(2);
    expect(table.regressedOnAny([])).toBe(0);
  });
});
