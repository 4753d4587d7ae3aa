import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../tests/fixtures/datasets/fixtures';
import { createChunkDecoder, decodeDataset, findInvalidUtf8 } from './decode';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('decodeDataset', () => {
  it('decodes UTF-8 and drops the byte order mark', () => {
    expect(decodeDataset(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('café')]))).toEqual({ text: 'café' });
  });

  it('refuses Latin-1 with the line of the first bad byte', () => {
    const r = decodeDataset(readFileSync(fixturePath('latin1.csv')));
    expect(r.problem).toMatchObject({ severity: 'error', line: 2 });
    expect(r.problem?.message).toMatch(/^not valid UTF-8/);
  });

  it('calls binary garbage binary', () => {
    const r = decodeDataset(readFileSync(fixturePath('binary.csv')));
    expect(r.problem?.message).toMatch(/^binary file, not text: found a NUL byte at line 3/);
  });

  it('recognises UTF-16', () => {
    expect(decodeDataset(new Uint8Array([0xff, 0xfe, 0x61, 0x00])).problem?.message).toMatch(/^UTF-16 text/);
  });
});

describe('findInvalidUtf8', () => {
  it.each([
    [[0x61, 0xc3, 0xa9], -1],
    [[0x61, 0xe9, 0x62], 1],
    [[0xc0, 0x80], 0], // overlong
    [[0xed, 0xa0, 0x80], 0], // surrogate
    [[0x61, 0xe2, 0x82], 1], // cut at the end
  ])('%j → %i', (input, at) => {
    expect(findInvalidUtf8(new Uint8Array(input))).toBe(at);
  });
});

describe('createChunkDecoder', () => {
  it('joins a character split between chunks', () => {
    const d = createChunkDecoder();
    const all = bytes('a€b');
    expect(d.decode(all.subarray(0, 2)) + d.decode(all.subarray(2)) + d.end()).toBe('a€b');
    expect(d.problem).toBeNull();
  });

  it('gives the line of a bad byte in a later chunk', () => {
    const d = createChunkDecoder();
    d.decode(bytes('line 1\nline 2\n'));
    d.decode(new Uint8Array([...bytes('line 3\nli'), 0xe9, 0x0a]));
    expect(d.problem).toMatchObject({ line: 4 });
  });
});
