import { describe, expect, it } from 'vitest';
import { windowFor } from './windows';

describe('windowFor', () => {
  const items = [0, 1, 2, 3, 4];

  it('holds exchanges max(0, i-k+1) … i', () => {
    expect(windowFor(items, 0, 3)).toEqual([0]);
    expect(windowFor(items, 1, 3)).toEqual([0, 1]);
    expect(windowFor(items, 4, 3)).toEqual([2, 3, 4]);
    expect(windowFor(items, 4, 1)).toEqual([4]);
    expect(windowFor(items, 2, 10)).toEqual([0, 1, 2]);
  });

  it('rejects a window size below 1', () => {
    expect(() => windowFor(items, 1, 0)).toThrow(RangeError);
  });
});
