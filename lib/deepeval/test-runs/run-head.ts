import { createHash } from 'node:crypto';
import path from 'node:path';
import type { TestRunBody } from './schema';

/** A test run's own fields: everything but its cases (and the prompts deepeval leaves out of its POST); those Turnwise reads are typed. */
export type TestRunHead = Pick<TestRunBody, 'testFile' | 'identifier' | 'hyperparameters' | 'datasetAlias'> & Record<string, unknown>;

export function headOf(body: TestRunBody): TestRunHead {
  const { testCases: _cases, conversationalTestCases: _conversations, prompts: _prompts, ...head } = body as TestRunBody & { prompts?: unknown };
  return head;
}

/** JSON with object keys sorted, so that two copies of one value give one text whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What makes a test run this one: its run-level fields, which the POST of its first cases and its
 * test_run_*.json file both carry (the scores of every case, its duration to the microsecond, its
 * identifier and hyperparameters). The same run sent twice, or posted and then imported as a
 * file, has one key; two runs of the same cases differ at least in their duration.
 */
export const runKey = (head: TestRunHead): string => createHash('sha256').update(`deepeval-test-run:${canonical(head)}`).digest('hex');

/** How many cases the run has: as its pass and fail counts say, else its per-metric score lists, and never fewer than this body holds. */
export function expectedCases(body: TestRunBody): number {
  const inBody = (body.testCases?.length ?? 0) + (body.conversationalTestCases?.length ?? 0);
  if (body.testPassed !== undefined || body.testFailed !== undefined) return Math.max(inBody, (body.testPassed ?? 0) + (body.testFailed ?? 0));
  const perMetric = (body.metricsScores ?? []).map((m) => (m.scores?.length ?? 0) + (m.errors ?? 0));
  return Math.max(inBody, ...perMetric);
}

/** The dataset a test run's cases become a version of: the alias they were pulled from, else its test file, else deepeval's evaluate(). */
export function datasetAliasOf(head: TestRunHead): string {
  if (head.datasetAlias?.trim()) return head.datasetAlias.trim();
  if (head.testFile?.trim()) return path.basename(head.testFile.trim());
  return 'deepeval evaluate()';
}
