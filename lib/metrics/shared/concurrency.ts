/**
 * Runs independent judge calls: all at once in async mode, else one after another.
 * In async mode every task settles before the first failure is rethrown, so nothing keeps
 * writing into a result that has already been returned.
 */
export async function runAll<T>(tasks: (() => Promise<T>)[], concurrent: boolean): Promise<T[]> {
  if (!concurrent) {
    const results: T[] = [];
    for (const task of tasks) results.push(await task());
    return results;
  }
  const settled = await Promise.allSettled(tasks.map((task) => task()));
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<T>).value);
}
