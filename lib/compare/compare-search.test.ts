import { describe, expect, it } from 'vitest';
import { compareHref, parseCompareSearch } from './compare-search';

describe('compare search params', () => {
  it('read the selection, dropping the baseline and repeats from the candidates', () => {
    const s = parseCompareSearch({ baseline: 'a', candidate: ['b', 'a', 'c', 'b'], filter: 'regressed', sort: 'delta', page: '3' });
    expect(s).toMatchObject({ baseline: 'a', candidates: ['b', 'c'], filter: 'regressed', sort: 'delta', page: 3, by: 0, pick: false });
  });

  it('fall back to defaults on nonsense', () => {
    const s = parseCompareSearch({ filter: 'everything', sort: 'up', page: '-2', by: 'x' });
    expect(s).toMatchObject({ baseline: null, candidates: [], filter: 'regressed', sort: 'position', page: 1, by: 0 });
  });

  it('round-trip through a URL', () => {
    const href = compareHref('/compare', { baseline: 'a', candidates: ['b', 'c'], filter: 'unmatched', sort: '-delta', by: 1, page: 2, key: 'name:Refund & co', changedOnly: true });
    expect(href).toBe('/compare?baseline=a&candidate=b&candidate=c&filter=unmatched&sort=-delta&by=1&page=2&key=name%3ARefund+%26+co&changed=1');
    const params = new URLSearchParams(href.split('?')[1]);
    const search = Object.fromEntries([...new Set(params.keys())].map((k) => [k, params.getAll(k).length > 1 ? params.getAll(k) : params.get(k)!]));
    expect(parseCompareSearch(search)).toMatchObject({ baseline: 'a', candidates: ['b', 'c'], filter: 'unmatched', sort: '-delta', by: 1, page: 2, key: 'name:Refund & co', changedOnly: true });
  });
});
