import { describe, expect, it } from 'vitest';
import { describeWaitingBehind } from './waiting-behind';

describe('what a queued run waits behind', () => {
  it('names the runs being scored with their progress, and the queued runs before it', () => {
    expect(
      describeWaitingBehind({ running: [{ id: 'a', label: 'v2 on Support', done: 40, total: 1200 }], runningCount: 3, queuedAhead: 1 }),
    ).toBe('The workers are busy: 3 runs are being scored (v2 on Support, 40 / 1,200 results; and 2 more), and one queued run is taken before this one.');
    expect(describeWaitingBehind({ running: [{ id: 'a', label: 'v2 on Support', done: 4, total: 9 }], runningCount: 1, queuedAhead: 0 })).toBe(
      'The workers are busy: one run is being scored (v2 on Support, 4 / 9 results).',
    );
  });

  it('says nothing when nothing is scored or queued before it: then no worker is running', () => {
    expect(describeWaitingBehind({ running: [], runningCount: 0, queuedAhead: 0 })).toBeNull();
    expect(describeWaitingBehind(null)).toBeNull();
  });
});

describe('what a queued replay waits behind', () => {
  it('names the replays being generated with their turns, never runs: replays have slots of their own', () => {
    expect(
      describeWaitingBehind({ running: [{ id: 'r', label: 'v3 from Support', done: 12, total: 400 }], runningCount: 1, queuedAhead: 2 }, 'replays'),
    ).toBe('The workers are busy: one replay is being generated (v3 from Support, 12 / 400 turns), and 2 queued replays are taken before this one.');
  });
});
