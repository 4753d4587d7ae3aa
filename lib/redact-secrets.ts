/*
 * Every pattern here runs in linear time on any input: no quantifier is followed by
 * something its own characters could also match, so a failed match never backtracks over
 * more than the run it scanned, and a run is scanned from one starting point only (the
 * literal that starts each pattern cannot occur inside the run). A judge's error body or a
 * stack trace of a megabyte is redacted in milliseconds (tests/redact-secrets-linear.test.ts,
 * npm run bench:redact).
 */

/** `scheme://user:password@` → `scheme://***@`; the user-info part stops at /, ?, #, @ or a space. */
const URL_CREDENTIALS = /:\/\/[^\s/?#@]+@/g;
/** `sk-…`, `sk-proj-…` keys: the whole run of key characters, cut down to its last four in the replacer. */
const SK_KEY = /\bsk-[A-Za-z0-9_-]{12,}/g;
const SK_PREFIX = /^sk-(?:proj-|live-|test-)?/;
/** `Bearer <token>` and `Basic <credentials>`. */
const AUTH_HEADER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/-]{8,}=*/gi;

/** Shorter values are not taken for secrets: replacing them would blank ordinary words. */
const MIN_SECRET_LENGTH = 8;
const MAX_SECRET_LENGTH = 4096;
const REDACTED = '***';

/** The keys this process was configured with (judge keys from the environment and from stored connections). */
const known = new Set<string>();

/**
 * Makes `redactSecrets` take this exact value out of any text, wherever it appears, for the
 * life of the process. Called wherever a key is read: the environment's judge keys and
 * the stored connections' keys once decrypted.
 */
export function registerSecret(value: string | null | undefined): void {
  const secret = value?.trim();
  if (secret && secret.length >= MIN_SECRET_LENGTH && secret.length <= MAX_SECRET_LENGTH) known.add(secret);
}

/**
 * Text a user or a log will see, with secrets taken out: every registered key and any of
 * `extra` by exact value, the user and password of a URL (`https://***@host`), API keys
 * (`sk-…` shown by their last four characters) and bearer tokens.
 */
export function redactSecrets(text: string, extra: readonly (string | null | undefined)[] = []): string {
  return redactKnownSecrets(text, extra)
    .replace(URL_CREDENTIALS, `://${REDACTED}@`)
    .replace(SK_KEY, maskKey)
    .replace(AUTH_HEADER, (_match, scheme: string) => `${scheme} ${REDACTED}`);
}

/**
 * Only the configured secrets (every registered key and any of `extra`) taken out by exact value,
 * for text that is data rather than an error: a target's reply, which may echo the key or the
 * secret header it was sent, but whose other words (a "Bearer" in an answer) must stay as written.
 */
export function redactKnownSecrets(text: string, extra: readonly (string | null | undefined)[] = []): string {
  let out = text;
  for (const secret of secretsOf(extra)) {
    // split/join is a plain substring search (no regex), linear in the text.
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  return out;
}

function secretsOf(extra: readonly (string | null | undefined)[]): string[] {
  const all = new Set(known);
  for (const value of extra) {
    const secret = value?.trim();
    if (secret && secret.length >= MIN_SECRET_LENGTH) all.add(secret);
  }
  // Longest first: a key that contains another is taken out whole.
  return [...all].sort((a, b) => b.length - a.length);
}

/** `sk-proj-abcdefgh…1234` → `sk-proj-…1234`; a key that does not end in four letters or digits shows none of them. */
function maskKey(key: string): string {
  const prefix = SK_PREFIX.exec(key)?.[0] ?? 'sk-';
  const tail = key.slice(-4);
  return /^[A-Za-z0-9]{4}$/.test(tail) ? `${prefix}…${tail}` : `${prefix}…`;
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
