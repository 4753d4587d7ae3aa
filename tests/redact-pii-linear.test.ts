import { describe, expect, it } from 'vitest';
import { createRedactor } from '@/lib/pii/redactor';
import { adversarialPiiShapes } from './helpers/adversarial-text';

/*
 * Redaction reads every text an upload or a trace brings: no input may make it slow. A scanner or
 * pattern that read a run again from each of its starts would take minutes on a megabyte of
 * these shapes, far past this test's time limit; the linear one takes milliseconds (npm run
 * bench:redact-pii measures the same shapes). The user pattern backtracks in JavaScript's engine.
 */

describe('redaction of personal data on adversarial text', () => {
  it('redacts a megabyte of each adversarial shape within the test time limit', () => {
    const r = createRedactor({ kinds: ['email', 'phone', 'card', 'ip'], patterns: [{ name: 'nested', pattern: '(a|aa)+(b|[0-9]+)+c' }] })!;
    for (const [shape, text] of Object.entries(adversarialPiiShapes(1 << 20))) {
      const out = r.text(text, {});
      expect(out.length, shape).toBeGreaterThan(0);
    }
  }, 30_000);
});
