/*
 * Text shaped to make a backtracking pattern slow: long runs of what a secret pattern starts
 * with or is made of, with the one character that would complete a match missing. Used by the
 * redaction test (tests/redact-secrets-linear.test.ts) and npm run bench:redact.
 */

/** A key registered for redaction in the shapes below (its near misses fill one shape). */
export const ADVERSARIAL_KEY = `${'k'.repeat(39)}Z`;

const fill = (unit: string, bytes: number): string => unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes);

/** Each shape is about `bytes` long (1 MB by default). */
export function adversarialShapes(bytes = 1 << 20): Record<string, string> {
  return {
    'words joined by -': fill('BIGBODY-', bytes),
    'short words joined by . + -': fill('a.b+c-', bytes),
    'scheme-like run then ://': `${fill('ab+', bytes - 8)}://x`,
    'repeated sk-': fill('sk-', bytes),
    'sk- then key characters with no end': `sk-${fill('a_', bytes)}`,
    'sk- keys too short': fill('sk-abc ', bytes),
    'repeated ://': fill('://', bytes),
    ':// then user info with no @': `x://${fill('u', bytes)}`,
    'Bearer then spaces': `Bearer ${' '.repeat(bytes)}x`,
    'repeated Bearer': fill('Bearer ', bytes),
    'near misses of a registered key': fill('k', bytes),
    'JSON error body': fill('{"error":{"message":"Incorrect API key provided: sk-abc","type":"invalid_request_error"}}', bytes),
  };
}
