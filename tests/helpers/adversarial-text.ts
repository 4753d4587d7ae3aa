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

/**
 * Text shaped against the personal-data scanner (lib/pii): long runs of what a candidate is made
 * of, each one character short of a match, so that a scanner trying every start would read the
 * run again from each. Used by tests/redact-pii-linear.test.ts and npm run bench:redact-pii.
 */
export function adversarialPiiShapes(bytes = 1 << 20): Record<string, string> {
  return {
    'one run of digits': fill('4', bytes),
    'digits split by single spaces': fill('5 ', bytes),
    'digit groups split by -': fill('55-', bytes),
    'digit groups split by .': fill('12.', bytes),
    'phone-like groups that never end': fill('555 123 ', bytes),
    '+ then digits and spaces': `+${fill('1 ', bytes)}`,
    'repeated +1': fill('+1', bytes),
    'repeated (5': fill('(5', bytes),
    'local part then no @': fill('a.b_c', bytes),
    'local part then @ at the end': `${fill('a', bytes - 1)}@`,
    'repeated a@': fill('a@', bytes),
    '@ then a domain with no end': `a@${fill('b.', bytes)}`,
    'repeated @': fill('@', bytes),
    'dotted quads that never end': fill('1.', bytes),
    'hex groups split by :': fill('abcd:', bytes),
    'repeated ::': fill('::', bytes),
    'hex words': fill('dead beef cafe ', bytes),
    'card-like groups failing Luhn': fill('4111 1111 1111 1112 ', bytes),
  };
}
