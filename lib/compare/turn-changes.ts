import { diffWordsWithSpace } from 'diff';
import type { AlignedTurn } from './align-turns';

/**
 * A turn changed when some run's copy of it differs from the baseline's: its text, its role,
 * one copy missing, or a verdict on it (present in one run only, or different).
 */
export function turnChanged(turn: AlignedTurn): boolean {
  const [base, ...others] = turn.cells;
  return others.some((cell) => {
    if (!base || !cell) return base !== cell;
    if (cell.role !== base.role || cell.content !== base.content) return true;
    const before = new Map(base.verdicts.map((v) => [v.metric, v.verdict]));
    return cell.verdicts.length !== before.size || cell.verdicts.some((v) => before.get(v.metric) !== v.verdict);
  });
}

export type TurnRow = { kind: 'turn'; turn: AlignedTurn; changed: boolean } | { kind: 'unchanged'; first: number; last: number; count: number };

/**
 * The turns to draw. With `changedOnly`, each run of consecutive unchanged turns becomes one
 * row that says how many it hides (and where), so the page keeps its bearings.
 */
export function turnRows(turns: readonly AlignedTurn[], changedOnly: boolean): TurnRow[] {
  const rows: TurnRow[] = [];
  for (const turn of turns) {
    const changed = turnChanged(turn);
    if (changed || !changedOnly) {
      rows.push({ kind: 'turn', turn, changed });
      continue;
    }
    const last = rows.at(-1);
    if (last?.kind === 'unchanged') {
      last.last = turn.index;
      last.count += 1;
    } else rows.push({ kind: 'unchanged', first: turn.index, last: turn.index, count: 1 });
  }
  return rows;
}

export interface DiffPart {
  text: string;
  change: 'same' | 'added' | 'removed';
}

/** A word-level diff from the baseline's reply to a candidate's (spaces kept, so it reads as text). */
export function wordDiff(before: string, after: string): DiffPart[] {
  return diffWordsWithSpace(before, after).map((part) => ({ text: part.value, change: part.added ? 'added' : part.removed ? 'removed' : 'same' }));
}

/** Above this share of changed characters, a reply is rewritten rather than edited. */
export const REWRITTEN_SHARE = 0.6;

/**
 * The diff of a changed reply, or `rewritten` when most of it changed: struck-through and inserted
 * words interleaved over a whole reply read as neither, so the reply is shown as it is (the
 * baseline's stands beside it) with the share that changed.
 */
export function replyChange(before: string, after: string): { kind: 'diff'; parts: DiffPart[] } | { kind: 'rewritten'; changedShare: number } {
  const parts = wordDiff(before, after);
  const changed = parts.reduce((n, p) => n + (p.change === 'same' ? 0 : p.text.trim().length), 0);
  const total = parts.reduce((n, p) => n + p.text.trim().length * (p.change === 'same' ? 2 : 1), 0);
  const changedShare = total === 0 ? 0 : changed / total;
  return changedShare > REWRITTEN_SHARE ? { kind: 'rewritten', changedShare } : { kind: 'diff', parts };
}
