/**
 * Undo the spacing of pre-tokenised corpora ("It 's", "ca n't", "word ,") and glue-ups such
 * as "century.First" so that sentence splitting and tagging see ordinary English.
 */
export function normaliseText(text: string): string {
  // Shouted text ("IT IS A COMEDY") would tag every word as a name.
  const cased = /\p{Ll}/u.test(text) || !/\p{Lu}{3}/u.test(text) ? text : text.toLowerCase();
  return cased
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[\u2018\u2019\u02BC`]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\s+(n't|'s|'re|'ve|'ll|'d|'m)\b/gi, '$1')
    .replace(/\s+([,.;:!?%)\]])/g, '$1')
    .replace(/([(\[])\s+/g, '$1')
    .replace(/([a-z0-9)"'])\.([A-Z][a-z])/g, '$1. $2')
    .replace(/([\p{L}]),(\p{L})/gu, '$1, $2')
    .replace(/\s+/g, ' ')
    .trim();
}
