/** How much of a file's start is read to tell a deepeval test run from a dataset. */
export const TEST_RUN_SNIFF_CHARS = 64 * 1024;

/**
 * Whether a file's start is a deepeval test run (test_run_*.json of DEEPEVAL_RESULTS_FOLDER, the
 * body deepeval uploads): a JSON object with its conversational test cases, or test cases that
 * carry their metrics' results (a dataset file of test cases has no metricsData). Pure, so the
 * import page runs it in the browser.
 */
export function looksLikeTestRun(start: string): boolean {
  const text = start.slice(0, TEST_RUN_SNIFF_CHARS).replace(/^\uFEFF/, '').trimStart();
  if (!text.startsWith('{')) return false;
  return text.includes('"conversationalTestCases"') || (text.includes('"testCases"') && text.includes('"metricsData"'));
}
