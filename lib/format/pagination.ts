export interface PageRequest {
  page: number;
  size: number;
  skip: number;
  take: number;
}

/** ?page=N (1-based) from a page's search params; anything unreadable is page 1. */
export function pageFromSearchParams(search: Record<string, string | string[] | undefined>, size: number): PageRequest {
  const raw = Array.isArray(search.page) ? search.page[0] : search.page;
  const n = Number.parseInt(raw ?? '1', 10);
  const page = Number.isFinite(n) && n > 0 ? n : 1;
  return { page, size, skip: (page - 1) * size, take: size };
}
