/*
 * The whole test suite: Vitest (unit, integration, database on SQLite and, when
 * TEST_POSTGRES_URL is set, PostgreSQL), then Playwright in Chromium. Both write JSON
 * reports; the last line printed is `N passed, N failed` over every test that ran.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

interface Counts { passed: number; failed: number; skipped: number }

const root = path.resolve(import.meta.dirname, '../..');
const outDir = path.join(root, 'test-results');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

function run(cmd: string, args: string[], env: Record<string, string> = {}): number {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status ?? 1;
}

function vitestCounts(file: string): Counts | null {
  if (!existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number;
    testResults?: { status: string; assertionResults?: unknown[] }[];
  };
  // A test file that fails to load has no tests of its own; count it as one failure.
  const brokenFiles = (r.testResults ?? []).filter((f) => f.status === 'failed' && !f.assertionResults?.length).length;
  return { passed: r.numPassedTests, failed: r.numFailedTests + brokenFiles, skipped: r.numPendingTests + r.numTodoTests };
}

function playwrightCounts(file: string): Counts | null {
  if (!existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    errors?: unknown[];
  };
  const globalErrors = r.errors?.length ?? 0;
  return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected + globalErrors, skipped: r.stats.skipped };
}

const only = process.argv[2]; // "unit" | "e2e" | undefined (both)
const totals: Counts = { passed: 0, failed: 0, skipped: 0 };
const add = (c: Counts | null, what: string, exit: number): void => {
  if (c) {
    totals.passed += c.passed; totals.failed += c.failed; totals.skipped += c.skipped;
    if (exit !== 0 && c.failed === 0) totals.failed += 1; // the runner failed without a failing test
  } else {
    console.error(`${what}: no report was written (exit ${exit})`);
    totals.failed += 1;
  }
};

if (only !== 'e2e') {
  const report = path.join(outDir, 'vitest.json');
  const exit = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  add(vitestCounts(report), 'vitest', exit);
}
if (only !== 'unit') {
  const report = path.join(outDir, 'playwright.json');
  const exit = run('npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: report });
  add(playwrightCounts(report), 'playwright', exit);
}

const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 ? 1 : 0);
