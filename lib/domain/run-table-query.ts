import { z } from 'zod';

/**
 * What the run page's conversation table and verdict map show, read from the page's search
 * params: `metric`, `failed=1`, `unstable=1`, `min`, `max` filter; `sort` (a metric) and `dir` order;
 * `page` pages the table; `vmetric` and `vpage` colour and page the verdict map; `bmode` sets
 * where-conversations-break by turn or by share.
 */
export interface RunTableQuery {
  /** Filter on this metric's results (failed, score range); null: any metric. */
  metric: string | null;
  /** Only conversations that failed: the filter metric, or any metric without one. */
  failedOnly: boolean;
  /** Only conversations with an unstable per-turn verdict (fewer than 80% of the judge's samples agreed): the filter metric's, or any metric's. */
  unstableOnly: boolean;
  /** Score range on the filter metric (inclusive); ignored without a filter metric. */
  minScore: number | null;
  maxScore: number | null;
  /** Order by this metric's score; null: dataset order. */
  sort: string | null;
  dir: 'asc' | 'desc';
  page: number;
  /** Verdict map: colour by this metric, null for the worst verdict of every metric. */
  mapMetric: string | null;
  mapPage: number;
  /** "Where conversations break": by turn, or by share of the conversation (`bmode=share`). */
  breakMode: 'turn' | 'share';
}

export type SearchParams = Record<string, string | string[] | undefined>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const pageSchema = z.coerce.number().int().min(1).max(1_000_000).catch(1);
const scoreSchema = z.coerce.number().finite().nullable().catch(null);

/** The query from search params; unknown metrics and unreadable numbers fall back to defaults. */
export function parseRunTableQuery(search: SearchParams, metrics: readonly string[]): RunTableQuery {
  const metricOf = (v: string | string[] | undefined) => {
    const m = first(v);
    return m && metrics.includes(m) ? m : null;
  };
  const score = (v: string | string[] | undefined) => {
    const raw = first(v)?.trim();
    return raw ? scoreSchema.parse(raw) : null;
  };
  return {
    metric: metricOf(search.metric),
    failedOnly: first(search.failed) === '1',
    unstableOnly: first(search.unstable) === '1',
    minScore: score(search.min),
    maxScore: score(search.max),
    sort: metricOf(search.sort),
    dir: first(search.dir) === 'desc' ? 'desc' : 'asc',
    page: pageSchema.parse(first(search.page) ?? 1),
    mapMetric: metricOf(search.vmetric),
    mapPage: pageSchema.parse(first(search.vpage) ?? 1),
    breakMode: first(search.bmode) === 'share' ? 'share' : 'turn',
  };
}

/** The search string of a query (defaults left out), with some fields changed. */
export function runTableSearch(query: RunTableQuery, changes: Partial<RunTableQuery> = {}): string {
  const q = { ...query, ...changes };
  const params = new URLSearchParams();
  if (q.metric) params.set('metric', q.metric);
  if (q.failedOnly) params.set('failed', '1');
  if (q.unstableOnly) params.set('unstable', '1');
  if (q.minScore !== null) params.set('min', String(q.minScore));
  if (q.maxScore !== null) params.set('max', String(q.maxScore));
  if (q.sort) params.set('sort', q.sort);
  if (q.sort && q.dir === 'desc') params.set('dir', 'desc');
  if (q.page > 1) params.set('page', String(q.page));
  if (q.mapMetric) params.set('vmetric', q.mapMetric);
  if (q.mapPage > 1) params.set('vpage', String(q.mapPage));
  if (q.breakMode === 'share') params.set('bmode', 'share');
  const s = params.toString();
  return s ? `?${s}` : '';
}
