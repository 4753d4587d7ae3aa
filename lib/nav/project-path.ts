import { DEFAULT_PROJECT_SLUG, isProjectSlug } from '../identity/project';

/*
 * Where a project's pages live. The project "default" keeps the URLs Turnwise always had
 * (/runs/…); every project, "default" too, is at /p/<slug>/… (the proxy serves the short ones
 * from there). A page of one project never shows another's records: each page looks its records
 * up in its own project.
 */

/** The header the proxy sets on every page request (and actions posted to it) with the slug of the URL's project; API clients may send it too. */
export const PROJECT_HEADER = 'x-turnwise-project';
/** The query parameter that names the project of an API request (or send PROJECT_HEADER). */
export const PROJECT_PARAM = 'project';

/** The first segments of a project's pages; '/' is its home. */
export const PROJECT_SECTIONS = ['datasets', 'runs', 'replays', 'schedules', 'online', 'alerts', 'compare', 'trends', 'metrics', 'judges', 'settings'] as const;

const firstSegment = (pathname: string): string => pathname.split('/')[1] ?? '';

/** Whether a path (without query or hash) is a page of a project, in its short form. */
export const isProjectPagePath = (pathname: string): boolean => pathname === '/' || (PROJECT_SECTIONS as readonly string[]).includes(firstSegment(pathname));

/** The project a page path belongs to and the path within it: /p/<slug>/rest, or a short path of "default"; null for other pages. */
export function projectOfPath(pathname: string): { slug: string; path: string } | null {
  const prefixed = /^\/p\/([^/]+)(\/.*)?$/.exec(pathname);
  if (prefixed) return isProjectSlug(prefixed[1]) ? { slug: prefixed[1], path: prefixed[2] ?? '/' } : null;
  return isProjectPagePath(pathname) ? { slug: DEFAULT_PROJECT_SLUG, path: pathname } : null;
}

/**
 * `href` in project `slug`: a project page gets the /p/<slug> prefix (none for "default"), a
 * route under /api/ the project parameter (none for "default"); anything else (an instance page,
 * a relative or hash link, another site) is left as it is.
 */
export function projectPath(slug: string, href: string): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  const cut = href.search(/[?#]/);
  const pathname = cut === -1 ? href : href.slice(0, cut);
  if (slug === DEFAULT_PROJECT_SLUG) return href;
  if (pathname.startsWith('/api/')) {
    const rest = cut === -1 ? '' : href.slice(cut);
    const hash = rest.indexOf('#') === -1 ? '' : rest.slice(rest.indexOf('#'));
    const query = rest.slice(0, rest.length - hash.length);
    return `${pathname}${query ? `${query}&` : '?'}${PROJECT_PARAM}=${encodeURIComponent(slug)}${hash}`;
  }
  if (!isProjectPagePath(pathname)) return href;
  return `/p/${slug}${pathname === '/' ? '' : pathname}${cut === -1 ? '' : href.slice(cut)}`;
}
