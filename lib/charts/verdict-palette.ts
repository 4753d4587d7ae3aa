/**
 * What a turn's cell can show, worst first, and how it looks. The order is the "worst
 * verdict" order used everywhere: a failed verdict outranks an unsure one, which outranks a
 * pass; an assistant turn no metric judged and a user turn carry no verdict at all.
 */
export type CellState = 'no' | 'error' | 'idk' | 'yes' | 'unjudged' | 'user';

export interface CellStyle {
  state: CellState;
  label: string;
  /** Fill colour of the cell (hex, or a theme variable for the pale ones that follow dark mode). */
  colour: string;
  /** Border colour, so that pale cells stay visible on white. */
  border: string;
  /** Text on the fill, at WCAG AA contrast (a badge's label). */
  ink: string;
}

export const CELL_STYLES: Record<CellState, CellStyle> = {
  no: { state: 'no', label: 'Failed', colour: '#e11d48', border: '#be123c', ink: '#ffffff' },
  // The judge failed on the unit: not a verdict on the turn, so neither red nor a pale "not judged".
  error: { state: 'error', label: 'Judge error (not judged)', colour: '#7c3aed', border: '#5b21b6', ink: '#ffffff' },
  // The judge could not decide: no finding about the turn, so a neutral grey, not a warning colour.
  idk: { state: 'idk', label: 'Undecided (idk)', colour: '#94a3b8', border: '#64748b', ink: '#0f172a' },
  yes: { state: 'yes', label: 'Passed', colour: '#10b981', border: '#059669', ink: '#022c22' },
  unjudged: { state: 'unjudged', label: 'Assistant turn, not judged', colour: 'var(--color-slate-200)', border: 'var(--color-slate-300)', ink: 'var(--color-slate-900)' },
  user: { state: 'user', label: 'User turn', colour: 'var(--color-white)', border: 'var(--color-slate-200)', ink: 'var(--color-slate-900)' },
};

export const CELL_ORDER: CellState[] = ['no', 'error', 'idk', 'yes', 'unjudged', 'user'];

/** What a stored turn verdict can be: a judged verdict, or 'error' for a unit the judge failed on. */
export type StoredVerdict = 'yes' | 'no' | 'idk' | 'error';

const rank: Record<StoredVerdict, number> = { yes: 0, idk: 1, error: 2, no: 3 };

export const isVerdict = (v: string): v is StoredVerdict => v === 'yes' || v === 'no' || v === 'idk' || v === 'error';

/** The worst of some verdicts (no > error > idk > yes); null when there are none. */
export function worstVerdict(verdicts: Iterable<string>): StoredVerdict | null {
  let worst: StoredVerdict | null = null;
  for (const v of verdicts) {
    if (!isVerdict(v)) continue;
    if (worst === null || rank[v] > rank[worst]) worst = v;
  }
  return worst;
}

/** Colours of the histogram's two stacks. */
export const PASS_COLOUR = '#10b981';
export const FAIL_COLOUR = '#e11d48';
