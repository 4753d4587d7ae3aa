/** Words of a search box as the full-text index sees them: letters and digits, at most 8. */
export function searchTerms(text: string): string[] {
  return [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, 8);
}

/** An FTS5 query: every word must be there, the last one as a prefix (the word being typed). Quoted: no operator reaches FTS5. */
export function fts5Query(terms: readonly string[]): string {
  return terms.map((t, i) => `"${t}"${i === terms.length - 1 ? '*' : ''}`).join(' ');
}

/** The same for PostgreSQL's to_tsquery: terms are letters and digits only, so nothing else needs escaping. */
export function tsQuery(terms: readonly string[]): string {
  return terms.map((t, i) => `${t}${i === terms.length - 1 ? ':*' : ''}`).join(' & ');
}

// Markers around a match in a snippet: control characters no turn text is stored with.
export const MATCH_START = '\u0002';
export const MATCH_END = '\u0003';

export interface SnippetPart {
  text: string;
  match: boolean;
}

/** A snippet with marked matches as parts to draw: never markup, so the turn's text stays text. */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const pattern = new RegExp(`${MATCH_START}([^${MATCH_END}]*)${MATCH_END}`, 'g');
  let last = 0;
  for (const m of snippet.matchAll(pattern)) {
    if (m.index > last) parts.push({ text: snippet.slice(last, m.index), match: false });
    if (m[1]) parts.push({ text: m[1], match: true });
    last = m.index + m[0].length;
  }
  if (last < snippet.length) parts.push({ text: snippet.slice(last), match: false });
  return parts.map((p) => ({ ...p, text: p.text.replaceAll(MATCH_START, '').replaceAll(MATCH_END, '') }));
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A window of `content` around its first match, the matches marked with MATCH_START/MATCH_END:
 * whole words for the search's words, a word's start for the last one (as the index matched it).
 */
export function markSnippet(content: string, terms: readonly string[], width = 200): string {
  if (terms.length === 0) return content.slice(0, width);
  const alternatives = terms.map((t, i) => `${escapeRegExp(t)}${i === terms.length - 1 ? '[\\p{L}\\p{N}]*' : '(?![\\p{L}\\p{N}])'}`);
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})`, 'giu');
  const first = pattern.exec(content);
  const start = first ? Math.max(0, first.index - Math.floor(width / 3)) : 0;
  const end = Math.min(content.length, start + width);
  // Cut at spaces, so no word is shown in part.
  const from = start === 0 ? 0 : content.indexOf(' ', start) + 1 || start;
  const toSpace = end === content.length ? end : content.lastIndexOf(' ', end);
  const to = toSpace > from ? toSpace : end;
  const window = content.slice(from, to).replace(pattern, (m) => `${MATCH_START}${m}${MATCH_END}`);
  return `${from > 0 ? '…' : ''}${window}${to < content.length ? '…' : ''}`;
}
