import { runAll } from './concurrency';
import { errorText, failsTheMetric } from './units';

/**
 * Runs one judge call per distinct key (windows that would send the same input share it). A
 * failed call is kept as its error text, so the windows that needed it error and the others
 * keep their verdicts; bad input, a missing judge configuration or a cancel fail the metric.
 */
export async function judgeByKey<T>(
  work: Map<string, () => Promise<T>>,
  asyncMode: boolean,
): Promise<{ results: Map<string, T>; failed: Map<string, string> }> {
  const results = new Map<string, T>();
  const failed = new Map<string, string>();
  await runAll(
    [...work].map(([key, run]) => async () => {
      try {
        results.set(key, await run());
      } catch (error) {
        if (failsTheMetric(error)) throw error;
        failed.set(key, errorText(error));
      }
    }),
    asyncMode,
  );
  return { results, failed };
}
