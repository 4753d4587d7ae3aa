import { describe, expect, it } from 'vitest';
import { parseRunTableQuery, runTableSearch } from './run-table-query';

const metrics = ['turn_faithfulness', 'context_coverage'];

describe('parseRunTableQuery', () => {
  it('reads filters, sort and pages from search params', () => {
    const q = parseRunTableQuery({ metric: 'turn_faithfulness', failed: '1', unstable: '1', min: '0.2', max: '0.8', sort: 'context_coverage', dir: 'desc', page: '50', vmetric: 'context_coverage', vpage: '3', bmode: 'share' }, metrics);
    expect(q).toEqual({ metric: 'turn_faithfulness', failedOnly: true, unstableOnly: true, minScore: 0.2, maxScore: 0.8, sort: 'context_coverage', dir: 'desc', page: 50, mapMetric: 'context_coverage', mapPage: 3, breakMode: 'share' });
  });

  it('falls back to defaults on unknown metrics and unreadable numbers', () => {
    const q = parseRunTableQuery({ metric: 'nope', failed: 'yes', min: 'abc', max: '', sort: 'x', dir: 'sideways', page: '-2', vpage: ['2', '3'], bmode: 'sideways' }, metrics);
    expect(q).toEqual({ metric: null, failedOnly: false, unstableOnly: false, minScore: null, maxScore: null, sort: null, dir: 'asc', page: 1, mapMetric: null, mapPage: 2, breakMode: 'turn' });
  });
});

describe('runTableSearch', () => {
  it('writes back only what differs from the defaults, with changes applied', () => {
    const q = parseRunTableQuery({ failed: '1', sort: 'turn_faithfulness', page: '4' }, metrics);
    expect(runTableSearch(q)).toBe('?failed=1&sort=turn_faithfulness&page=4');
    expect(runTableSearch(q, { page: 1, dir: 'desc' })).toBe('?failed=1&sort=turn_faithfulness&dir=desc');
    expect(runTableSearch(parseRunTableQuery({}, metrics))).toBe('');
  });
});
