import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { looksLikeTestRun } from './detect-test-run';

const FOLDER = path.resolve(import.meta.dirname, '../../../tests/fixtures/deepeval-4.1.10/results-folder');
const file = readdirSync(FOLDER).find((f) => f.startsWith('test_run_'))!;

describe('looksLikeTestRun', () => {
  it("tells a test_run file deepeval wrote, conversational or single-turn, from a dataset of deepeval test cases", () => {
    expect(looksLikeTestRun(readFileSync(path.join(FOLDER, file), 'utf8'))).toBe(true);
    expect(looksLikeTestRun('\uFEFF {"testCases": [{"name": "t", "input": "q", "actualOutput": "a", "metricsData": [{"name": "Answer Relevancy"}]}]}')).toBe(true);
    expect(looksLikeTestRun('{"test_cases": [{"input": "q", "actual_output": "a"}]}')).toBe(false);
    expect(looksLikeTestRun('[{"turns": [{"role": "user", "content": "conversationalTestCases"}]}]')).toBe(false);
    expect(looksLikeTestRun('{"turns": []}\n{"turns": []}')).toBe(false);
  });
});
