import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

/** ?page (1-based) and ?pageSize of a list endpoint. */
export const pageQuerySchema = z.object({
  page: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'pages start at 1').default(1),
  pageSize: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

/** The query of a URL as an object, without empty parameters (they take their defaults). */
export const queryOf = (url: URL): Record<string, string> => Object.fromEntries([...url.searchParams].filter(([, v]) => v !== ''));

/** The page parameters of a URL (absent or empty ones take their defaults). */
export function pageQueryFrom(url: URL) {
  const get = (key: string) => url.searchParams.get(key) || undefined;
  return pageQuerySchema.safeParse({ page: get('page'), pageSize: get('pageSize') });
}

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
  /** The next page's number, null on the last page. */
  nextPage: number | null;
  /** The next page's URL (same query otherwise), null on the last page. */
  next: string | null;
}

export function pageOf<T>(url: URL, query: PageQuery, items: T[], total: number): Page<T> {
  const nextPage = query.page * query.pageSize < total ? query.page + 1 : null;
  let next: string | null = null;
  if (nextPage !== null) {
    const target = new URL(url);
    target.searchParams.set('page', String(nextPage));
    target.searchParams.set('pageSize', String(query.pageSize));
    next = `${target.pathname}${target.search}`;
  }
  return { items, page: query.page, pageSize: query.pageSize, total, nextPage, next };
}
