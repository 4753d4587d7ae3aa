import { describe, expect, it } from 'vitest';
import { runAll } from './concurrency';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function tracked() {
  let inFlight = 0;
  let maxInFlight = 0;
  const task = (value: number, fail = false) => async () => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await delay(5);
    inFlight -= 1;
    if (fail) throw new Error(`task ${value} failed`);
    return value;
  };
  return { task, max: () => maxInFlight };
}

describe('runAll', () => {
  it('runs tasks at once when concurrent, keeping result order', async () => {
    const t = tracked();
    expect(await runAll([t.task(1), t.task(2), t.task(3)], true)).toEqual([1, 2, 3]);
    expect(t.max()).toBe(3);
  });

  it('runs tasks one after another otherwise', async () => {
    const t = tracked();
    expect(await runAll([t.task(1), t.task(2), t.task(3)], false)).toEqual([1, 2, 3]);
    expect(t.max()).toBe(1);
  });

  it('rethrows the first failure once every concurrent task has settled', async () => {
    const finished: number[] = [];
    const tasks = [
      async () => {
        throw new Error('boom');
      },
      async () => {
        await delay(10);
        finished.push(2);
        return 2;
      },
    ];
    await expect(runAll(tasks, true)).rejects.toThrow('boom');
    expect(finished).toEqual([2]);
  });
});
