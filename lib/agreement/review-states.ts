import type { StoredTurnLabel } from '../db/queries/labels/turn-labels';

export interface ReviewState {
  mine: { verdict: 'yes' | 'no'; note: string | null } | null;
  others: number;
}

/** A conversation's review labels as each turn's review controls show them: the reader's own, and how many others. */
export function reviewStates(labels: readonly StoredTurnLabel[], readerId: string): Map<number, Record<string, ReviewState>> {
  const out = new Map<number, Record<string, ReviewState>>();
  for (const l of labels) {
    const turn = out.get(l.turnIndex) ?? {};
    const state = (turn[l.metric] ??= { mine: null, others: 0 });
    if (l.reviewerId === readerId && (l.verdict === 'yes' || l.verdict === 'no')) state.mine = { verdict: l.verdict, note: l.note };
    else state.others++;
    out.set(l.turnIndex, turn);
  }
  return out;
}
