import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { playwrightCounts } from './suite-counts';

const dir = mkdtempSync(path.join(tmpdir(), 'suite-counts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const report = (body: unknown): string => {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(body));
  return file;
};

describe('playwrightCounts', () => {
  it('says the browser suite did not run when its server timed out before any test (not "1 failed")', () => {
    // The report Playwright writes when config.webServer never answers (captured from a real run).
    const file = report({
      stats: { expected: 0, skipped: 0, unexpected: 0, flaky: 0 },
      errors: [{ message: '\u001b[31mError: Timed out waiting 240000ms from config.webServer.\u001b[39m\nat …' }],
    });
    expect(playwrightCounts(file)).toEqual({ notRun: 'Error: Timed out waiting 240000ms from config.webServer.' });
  });

  it('counts the tests that ran, and an error outside the tests as one more failure', () => {
    const file = report({ stats: { expected: 40, skipped: 1, unexpected: 2, flaky: 1 }, errors: [{ message: 'global teardown threw' }] });
    expect(playwrightCounts(file)).toEqual({ passed: 41, failed: 3, skipped: 1 });
  });

  it('has nothing to count without a report', () => {
    expect(playwrightCounts(path.join(dir, 'missing.json'))).toBeNull();
  });
});
