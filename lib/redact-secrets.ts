/**
 * Text a user or a log will see, with secrets taken out: the user and password of a URL
 * (`https://***@host`), API keys (`sk-…` shown by their last four characters) and bearer tokens.
 */
export function redactSecrets(text: string): string {
  return text
    .replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]+@/gi, '$1***@')
    .replace(/\b(sk-(?:proj-|live-|test-)?)[A-Za-z0-9_-]{8,}([A-Za-z0-9]{4})\b/g, '$1…$2')
    .replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/-]{8,}=*/gi, '$1 ***');
}

/** A URL may not carry a user or password: fetch refuses it, and it would leak into every error. */
export function hasCredentials(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.username !== '' || parsed.password !== '';
  } catch {
    return false;
  }
}
