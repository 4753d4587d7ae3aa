import { existsSync, readFileSync } from 'node:fs';

export interface Counts { passed: number; failed: number; skipped: number }
/** A suite's counts; `notRun` when it ran no test at all (and why); null when it wrote no report. */
export type SuiteOutcome = Counts | { notRun: string } | null;

export function vitestCounts(file: string): Counts | null {
  if (!existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number;
    testResults?: { status: string; assertionResults?: unknown[] }[];
  };
  // A test file that fails to load has no tests of its own; count it as one failure.
  const brokenFiles = (r.testResults ?? []).filter((f) => f.status === 'failed' && !f.assertionResults?.length).length;
  return { passed: r.numPassedTests, failed: r.numFailedTests + brokenFiles, skipped: r.numPendingTests + r.numTodoTests };
}

/** Playwright's counts, or why the suite did not run when no test ran and the run reported errors of its own (a server that never answered). */
export function playwrightCounts(file: string): SuiteOutcome {
  if (!existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    errors?: { message?: string }[];
  };
  const errors = r.errors ?? [];
  const ran = r.stats.expected + r.stats.unexpected + r.stats.flaky + r.stats.skipped;
  if (ran === 0 && errors.length > 0) return { notRun: firstLine(errors[0].message ?? 'an error before any test') };
  return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected + errors.length, skipped: r.stats.skipped };
}

const firstLine = (message: string): string => message.replace(/\u001b\[[0-9;]*m/g, '').split('\n')[0].slice(0, 300);

