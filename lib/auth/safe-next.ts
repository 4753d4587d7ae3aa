/** Any origin serves to resolve a relative `next`: only its path is kept. */
const PLACEHOLDER_ORIGIN = 'http://turnwise.invalid';
const MAX_NEXT_CHARS = 2048;

/**
 * A ?next= value kept only when, as the browser's URL parser reads it, it is a path on this
 * site; anything else gives `/`. A prefix check is not enough: the parser drops tabs and
 * newlines and reads `\` as `/`, so `/<TAB>/evil.example/` is `//evil.example/`, another host.
 * The answer is the parser's own normalised path, query and fragment, so what is checked is
 * what the browser will follow (no control characters left to break a Location header).
 * `origin` (the app's, e.g. from TURNWISE_URL) also accepts absolute URLs on this site.
 */
export function safeNext(value: unknown, origin: string = PLACEHOLDER_ORIGIN): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_NEXT_CHARS) return '/';
  let base: URL;
  let target: URL;
  try {
    base = new URL(origin);
    target = new URL(value, base);
  } catch {
    return '/';
  }
  if (target.origin !== base.origin) return '/';
  const path = `${target.pathname}${target.search}${target.hash}`;
  // `/.//evil.example` normalises to the path `//evil.example`, which a browser reads as a host.
  if (!path.startsWith('/') || path.startsWith('//')) return '/';
  try {
    return new URL(path, base).origin === base.origin ? path : '/';
  } catch {
    return '/';
  }
}
