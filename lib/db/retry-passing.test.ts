import { describe, expect, it } from 'vitest';
import { retryPassing } from './retry-passing';

const away = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('retryPassing', () => {
  it('tries again while the database is away, saying so once when it goes and once when it is back', async () => {
    const lines: string[] = [];
    let calls = 0;
    const result = await retryPassing('run r1: storing results', async () => {
      if (++calls < 4) throw away();
      return 'stored';
    }, { minMs: 1, maxMs: 4, log: (l) => lines.push(l) });
    expect(result).toBe('stored');
    expect(calls).toBe(4);
    expect(lines).toEqual([
      expect.stringMatching(/^run r1: storing results: the database is out of reach \(connect ECONNREFUSED 127\.0\.0\.1:5432\); trying again with back-off/),
      expect.stringMatching(/^run r1: storing results: the database is back after \d+\.\d s$/),
    ]);
  });

  it('throws any other failure at once', async () => {
    let calls = 0;
    const bug = new TypeError('boom');
    await expect(retryPassing('x', async () => {
      calls++;
      throw bug;
    }, { minMs: 1, maxMs: 4, log: () => undefined })).rejects.toBe(bug);
    expect(calls).toBe(1);
  });

  it('gives up with the last error once its signal is aborted (a worker shutting down)', async () => {
    const stop = new AbortController();
    let calls = 0;
    const waiting = retryPassing('x', async () => {
      if (++calls === 2) stop.abort();
      throw away();
    }, { minMs: 1, maxMs: 4, log: () => undefined, signal: stop.signal });
    await expect(waiting).rejects.toThrow(/ECONNREFUSED/);
    expect(calls).toBe(2);
  });
});
