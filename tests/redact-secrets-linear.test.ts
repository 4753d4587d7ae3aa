import { describe, expect, it } from 'vitest';
import { redactSecrets, registerSecret } from '@/lib/redact-secrets';
import { ADVERSARIAL_KEY, adversarialShapes } from './helpers/adversarial-text';

/* Redaction reads judge error answers and stack traces: no input may make it slow (npm run bench:redact measures the same shapes). */

describe('redactSecrets on adversarial text', () => {
  it('runs in linear time: a megabyte of each adversarial shape in under 50 ms', () => {
    registerSecret(ADVERSARIAL_KEY);
    for (const [shape, text] of Object.entries(adversarialShapes(1 << 20))) {
      // The best of three: a busy machine may stall one run, a quadratic pattern stalls all (minutes on a megabyte).
      let best = Infinity;
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        redactSecrets(text);
        best = Math.min(best, performance.now() - started);
      }
      expect(best, shape).toBeLessThan(50);
    }
  });
});
