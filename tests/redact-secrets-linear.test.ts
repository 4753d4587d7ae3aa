import { describe, expect, it } from 'vitest';
import { redactSecrets, registerSecret } from '@/lib/redact-secrets';
import { ADVERSARIAL_KEY, adversarialShapes } from './helpers/adversarial-text';

/*
 * Redaction reads judge error answers and stack traces: no input may make it slow. A backtracking
 * pattern takes minutes on a megabyte of these shapes, far past this test's time limit; linear
 * redaction takes milliseconds (npm run bench:redact measures the same shapes).
 */

describe('redactSecrets on adversarial text', () => {
  it('redacts a megabyte of each adversarial shape within the test time limit', () => {
    registerSecret(ADVERSARIAL_KEY);
    for (const [shape, text] of Object.entries(adversarialShapes(1 << 20))) {
      const redacted = redactSecrets(text);
      expect(redacted.length, shape).toBeGreaterThan(0);
      expect(redacted.includes(ADVERSARIAL_KEY), shape).toBe(false);
    }
  }, 15_000);
});
