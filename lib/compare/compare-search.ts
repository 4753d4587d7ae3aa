import { z } from 'zod';
import type { SearchParams } from '../domain/run-table-query';
import { ROW_FILTERS, ROW_SORTS, type RowFilter, type RowSort } from './conversation-table';

/** What the compare pages keep in the URL. */
export interface CompareSearch {
  baseline: string | null;
  candidates: string[];
  /** Show the picker even with a complete selection (changing the runs). */
  pick: boolean;
  /** Picker filters. */
  dataset: string | null;
  model: string | null;
  /** Conversation table state. */
  metric: string | null;
  filter: RowFilter;
  sort: RowSort;
  by: number;
  page: number;
  /** Side-by-side view: the match key of the conversation. */
  key: string | null;
  /** Side-by-side view: only the turns that changed, runs of unchanged ones folded. */
  changedOnly: boolean;
  /** Where conversations break: by turn, or by share of the conversation. */
  breakMode: 'turn' | 'share';
}

export const DEFAULT_ROW_FILTER = 'regressed' satisfies (typeof ROW_FILTERS)[number];

const list = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const first = (v: string | string[] | undefined): string | undefined => list(v)[0];
const optionalText = z.string().trim().min(1).max(2000).optional().catch(undefined);

/** Reads the compare pages' search params; anything unreadable falls back to its default. */
export function parseCompareSearch(search: SearchParams): CompareSearch {
  const baseline = optionalText.parse(first(search.baseline)) ?? null;
  const candidates = [...new Set(list(search.candidate).map((c) => c.trim()).filter((c) => c && c !== baseline))];
  return {
    baseline,
    candidates,
    pick: first(search.pick) === '1',
    dataset: optionalText.parse(first(search.dataset)) ?? null,
    model: optionalText.parse(first(search.model)) ?? null,
    metric: optionalText.parse(first(search.metric)) ?? null,
    // A comparison is opened to find what got worse: the table starts on the regressed conversations.
    filter: z.enum(ROW_FILTERS).catch(DEFAULT_ROW_FILTER).parse(first(search.filter)),
    sort: z.enum(ROW_SORTS).catch('position').parse(first(search.sort)),
    by: z.coerce.number().int().min(0).max(50).catch(0).parse(first(search.by) ?? 0),
    page: z.coerce.number().int().min(1).catch(1).parse(first(search.page) ?? 1),
    key: z.string().min(1).max(5000).optional().catch(undefined).parse(first(search.key)) ?? null,
    changedOnly: first(search.changed) === '1',
    breakMode: first(search.bmode) === 'share' ? 'share' : 'turn',
  };
}

type UrlState = Partial<CompareSearch>;

/** A compare URL: the selection, then only the state that differs from the defaults. */
export function compareHref(path: string, state: UrlState): string {
  const params = new URLSearchParams();
  if (state.baseline) params.set('baseline', state.baseline);
  for (const c of state.candidates ?? []) params.append('candidate', c);
  if (state.pick) params.set('pick', '1');
  if (state.dataset) params.set('dataset', state.dataset);
  if (state.model) params.set('model', state.model);
  if (state.metric) params.set('metric', state.metric);
  if (state.filter && state.filter !== DEFAULT_ROW_FILTER) params.set('filter', state.filter);
  if (state.sort && state.sort !== 'position') params.set('sort', state.sort);
  if (state.by) params.set('by', String(state.by));
  if (state.page && state.page > 1) params.set('page', String(state.page));
  if (state.key) params.set('key', state.key);
  if (state.changedOnly) params.set('changed', '1');
  if (state.breakMode === 'share') params.set('bmode', 'share');
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The table state of a comparison, without the picker's. */
export const tableState = (s: CompareSearch): UrlState => ({
  baseline: s.baseline,
  candidates: s.candidates,
  metric: s.metric,
  filter: s.filter,
  sort: s.sort,
  by: s.by,
  page: s.page,
  breakMode: s.breakMode,
});
