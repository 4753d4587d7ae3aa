import { describe, expect, it } from 'vitest';
import { hasCredentials, redactSecrets, registerSecret } from './redact-secrets';

describe('redactSecrets', () => {
  it('takes out URL credentials, API keys and bearer tokens and keeps the rest', () => {
    const text =
      'Judge "local" could not get a reply from http://alice:s3cret-pass@judge.internal:8080/v1: fetch failed; key sk-proj-abcdefghijklmnop1234 header Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.payload';
    const out = redactSecrets(text);
    expect(out).not.toMatch(/alice|s3cret|abcdefghijklmnop|eyJhbGci/);
    expect(out).toContain('http://***@judge.internal:8080/v1');
    expect(out).toContain('sk-proj-…1234');
    expect(out).toContain('Bearer ***');
    expect(redactSecrets('score 0.5 at https://example.com/v1 for user@example.com')).toBe('score 0.5 at https://example.com/v1 for user@example.com');
  });

  it('takes out the exact value of a key that has no recognisable shape, registered or given', () => {
    const stored = 'gsk_Q7vT2mWcYb8Lr41';
    const given = 'x9-LOCAL-token-55aa';
    registerSecret(stored);
    const body = `401 Incorrect API key provided: ${stored}. Key ${given} is not valid either; ${stored}`;
    const out = redactSecrets(body, [given]);
    expect(out).not.toContain(stored);
    expect(out).not.toContain(given);
    expect(out).toBe('401 Incorrect API key provided: ***. Key *** is not valid either; ***');
    // Short values would blank ordinary words: they are not taken for keys.
    registerSecret('abc');
    expect(redactSecrets('abc')).toBe('abc');
  });

  it('tells a URL with credentials', () => {
    expect(hasCredentials('https://u:p@x.test/v1')).toBe(true);
    expect(hasCredentials('https://u@x.test/v1')).toBe(true);
    expect(hasCredentials('https://x.test/v1')).toBe(false);
  });
});
