import { describe, expect, it } from 'vitest';
import { previewOf, sizeLabel } from './text-preview';

describe('previewOf', () => {
  it('keeps a short text whole', () => {
    expect(previewOf('hello', 10)).toEqual({ text: 'hello', totalChars: 5, cut: false });
  });
  it('cuts a long text to the limit and says how long the whole is', () => {
    const long = 'x'.repeat(870 * 1024);
    const p = previewOf(long, 4000);
    expect(p).toMatchObject({ totalChars: 870 * 1024, cut: true });
    expect(p.text).toHaveLength(4000);
  });
  it('never splits an emoji', () => {
    const text = 'ab😀cd';
    // '😀' is two UTF-16 units at 2 and 3: a limit of 3 would end on its first half.
    expect(previewOf(text, 3).text).toBe('ab');
    expect(previewOf(text, 4).text).toBe('ab😀');
  });
});

describe('sizeLabel', () => {
  it('names the size in KB, or MB from 1 MB', () => {
    expect(sizeLabel(870 * 1024)).toBe('870 KB');
    expect(sizeLabel(100)).toBe('1 KB');
    expect(sizeLabel(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
