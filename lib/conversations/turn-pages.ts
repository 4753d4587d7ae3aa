/** Turns shown per page of a conversation: a page never renders an unbounded number of them. */
export const TURNS_PER_PAGE = 100;

export interface TurnWindow {
  /** 1-based page, and how many there are. */
  page: number;
  pageCount: number;
  /** Turn positions [from, to), 0-based. */
  from: number;
  to: number;
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The turns of a conversation to show: page `turns` of the query, else the page holding turn
 * `turn` (its index from 0, as in the `#turn-N` anchors and the links of the verdict map), else
 * the first page.
 */
export function turnWindow(total: number, query: { turns?: string | string[]; turn?: string | string[] }, perPage = TURNS_PER_PAGE): TurnWindow {
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const asked = Number(first(query.turns));
  const turn = Number(first(query.turn));
  const wanted = Number.isInteger(asked) && asked >= 1 ? asked : first(query.turn) !== undefined && Number.isInteger(turn) && turn >= 0 ? Math.floor(turn / perPage) + 1 : 1;
  const page = Math.min(wanted, pageCount);
  return { page, pageCount, from: (page - 1) * perPage, to: Math.min(total, page * perPage) };
}
