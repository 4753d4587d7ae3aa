import { STABLE_SHARE } from '../domain/verdict';
import { metricLabel } from '../format/format';
import { verdictOnRetrieval } from '../metrics/default-set';
import { CELL_ORDER, CELL_STYLES, worstVerdict, type CellState, type CellStyle } from './verdict-palette';

export interface VerdictMapConversation {
  id: string;
  label: string;
  /** Role of each turn, by index. */
  roles: string[];
}

export interface VerdictMapVerdict {
  conversationId: string;
  metric: string;
  turnIndex: number;
  verdict: string;
  /** With several samples per item: the share that gave this verdict. */
  voteShare?: number | null;
}

export interface VerdictMapInput {
  conversations: VerdictMapConversation[];
  verdicts: VerdictMapVerdict[];
  /** Colour by this metric's verdicts; null colours by the worst verdict of every metric. */
  metric: string | null;
  /** Link into the conversation view, at a turn when one is given. */
  hrefFor: (conversationId: string, turnIndex?: number) => string;
  /** Columns the map must have at least (e.g. to keep the width steady across pages). */
  minColumns?: number;
}

export interface VerdictMapCell {
  turnIndex: number;
  state: CellState;
  colour: string;
  border: string;
  /** Tooltip and accessible name: turn number, state, and which metrics failed it. */
  title: string;
  href: string;
  /** A verdict here that fewer than 80% of the judge's samples gave (judge noise): drawn with a mark. */
  unstable: boolean;
  /**
   * The worst verdict on the turn's retrieval context, from the metrics that judge what was
   * retrieved and not the reply (verdictOn): a strip under the cell, never its fill; null when none.
   */
  retrieval: { state: CellState; colour: string; border: string } | null;
}

export interface VerdictMapRow {
  id: string;
  label: string;
  href: string;
  /** One entry per column; null past the conversation's last turn (a gap, not a pass). */
  cells: (VerdictMapCell | null)[];
}

export interface PreparedVerdictMap {
  /** "Worst verdict across metrics" or the selected metric's name. */
  colouredBy: string;
  columns: string[];
  rows: VerdictMapRow[];
  legend: CellStyle[];
}

export function prepareVerdictMap(input: VerdictMapInput): PreparedVerdictMap {
  const byTurn = new Map<string, { metric: string; verdict: string; voteShare?: number | null }[]>();
  for (const v of input.verdicts) {
    if (input.metric !== null && v.metric !== input.metric) continue;
    const key = `${v.conversationId}\u0000${v.turnIndex}`;
    const list = byTurn.get(key);
    if (list) list.push(v);
    else byTurn.set(key, [v]);
  }
  const width = Math.max(input.minColumns ?? 0, ...input.conversations.map((c) => c.roles.length), 0);
  const rows = input.conversations.map((c) => ({
    id: c.id,
    label: c.label,
    href: input.hrefFor(c.id),
    cells: Array.from({ length: width }, (_, i): VerdictMapCell | null => {
      if (i >= c.roles.length) return null;
      const here = byTurn.get(`${c.id}\u0000${i}`) ?? [];
      const verdicts = here.filter((v) => !verdictOnRetrieval(v.metric));
      const retrieved = here.filter((v) => verdictOnRetrieval(v.metric));
      const worstRetrieved = worstVerdict(retrieved.map((v) => v.verdict));
      const worst = worstVerdict(verdicts.map((v) => v.verdict));
      const state: CellState = worst ?? (c.roles[i] === 'user' ? 'user' : 'unjudged');
      const style = CELL_STYLES[state];
      const failing = verdicts.filter((v) => v.verdict === worst && worst !== 'yes').map((v) => metricLabel(v.metric));
      const shaky = here.filter((v) => v.voteShare != null && v.voteShare < STABLE_SHARE);
      const retrievedFailing = retrieved.filter((v) => v.verdict === worstRetrieved && worstRetrieved !== 'yes').map((v) => metricLabel(v.metric));
      const title =
        `Turn ${i + 1} (${c.roles[i]}): ${style.label.toLowerCase()}` +
        (failing.length && input.metric === null ? ` — ${failing.join(', ')}` : '') +
        (verdicts.length > 1 && input.metric === null ? ` (${verdicts.length} metrics judged it)` : '') +
        (worstRetrieved ? `; its retrieval context: ${CELL_STYLES[worstRetrieved].label.toLowerCase()}${retrievedFailing.length && input.metric === null ? ` — ${retrievedFailing.join(', ')}` : ''}` : '') +
        (shaky.length ? `; unstable: ${shaky.map((v) => `${metricLabel(v.metric)} ${Math.round(v.voteShare! * 100)}% of samples`).join(', ')}` : '');
      const retrieval = worstRetrieved ? { state: worstRetrieved, colour: CELL_STYLES[worstRetrieved].colour, border: CELL_STYLES[worstRetrieved].border } : null;
      return { turnIndex: i, state, colour: style.colour, border: style.border, title, href: input.hrefFor(c.id, i), unstable: shaky.length > 0, retrieval };
    }),
  }));
  return {
    colouredBy:
      input.metric === null
        ? 'Worst verdict across metrics'
        : verdictOnRetrieval(input.metric)
          ? `${metricLabel(input.metric)} (on the retrieval context: the strip under each turn)`
          : metricLabel(input.metric),
    columns: Array.from({ length: width }, (_, i) => String(i + 1)),
    rows,
    legend: CELL_ORDER.map((s) => CELL_STYLES[s]),
  };
}
