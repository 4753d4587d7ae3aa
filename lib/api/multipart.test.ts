import { describe, expect, it } from 'vitest';
import { isAppError } from '../errors';
import { multipartBoundary, multipartParts, readFieldText } from './multipart';

async function* inPieces(bytes: Uint8Array, sizes: () => number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; ) {
    const n = Math.max(1, sizes());
    yield bytes.slice(i, i + n);
    i += n;
  }
}

/** A body encoded by the platform's own FormData encoder, with its boundary. */
async function encode(form: FormData): Promise<{ bytes: Uint8Array; boundary: string }> {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const boundary = multipartBoundary(request.headers.get('content-type'));
  if (!boundary) throw new Error('no boundary');
  return { bytes: new Uint8Array(await request.arrayBuffer()), boundary };
}

async function collect(bytes: Uint8Array, boundary: string, sizes: () => number) {
  const out: { name: string; fileName: string | null; contentType: string | null; text: string }[] = [];
  for await (const part of multipartParts(inPieces(bytes, sizes), boundary)) {
    out.push({ name: part.name, fileName: part.fileName, contentType: part.contentType, text: await readFieldText(part, 1 << 20) });
  }
  return out;
}

describe('multipartParts', () => {
  // Content that holds CRLFs, dashes and the boundary's own prefix, to catch a delimiter found too early.
  const fileText = `line one\r\n--not-a-boundary\r\n\r\n-- still data ${'é'.repeat(300)}\r\n`.repeat(40);

  it('reads fields and a file whatever the chunk sizes', async () => {
    const form = new FormData();
    form.append('name', 'Support chats');
    form.append('empty', '');
    form.append('file', new Blob([fileText], { type: 'application/json' }), 'chats.v2.jsonl');
    const { bytes, boundary } = await encode(form);
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return 1 + (seed % 97);
    };
    for (const sizes of [() => 1, () => 3, random, () => bytes.length]) {
      const parts = await collect(bytes, boundary, sizes);
      expect(parts).toEqual([
        { name: 'name', fileName: null, contentType: null, text: 'Support chats' },
        { name: 'empty', fileName: null, contentType: null, text: '' },
        { name: 'file', fileName: 'chats.v2.jsonl', contentType: 'application/json', text: fileText },
      ]);
    }
  });

  it('skips a part the caller does not read', async () => {
    const form = new FormData();
    form.append('ignored', new Blob(['x'.repeat(5000)]), 'big.bin');
    form.append('name', 'kept');
    const { bytes, boundary } = await encode(form);
    const names: string[] = [];
    let kept = '';
    for await (const part of multipartParts(inPieces(bytes, () => 100), boundary)) {
      names.push(part.name);
      if (part.name === 'name') kept = await readFieldText(part);
    }
    expect(names).toEqual(['ignored', 'name']);
    expect(kept).toBe('kept');
  });

  it('refuses a body cut inside a part, and a field over its limit', async () => {
    const form = new FormData();
    form.append('file', new Blob(['abc'.repeat(100)]), 'a.csv');
    const { bytes, boundary } = await encode(form);
    const error = await collect(bytes.slice(0, bytes.length - 30), boundary, () => 50).catch((e) => e);
    expect(isAppError(error) && error.message).toMatch(/^Malformed multipart body: the body ends inside the part "file"/);
    const long = await (async () => {
      for await (const part of multipartParts(inPieces(bytes, () => 64), boundary)) await readFieldText(part, 10);
    })().catch((e) => e);
    expect(isAppError(long) && long.details).toEqual({ field: 'file' });
  });

  it('finds the boundary of a multipart content type only', () => {
    expect(multipartBoundary('multipart/form-data; boundary=----abc123')).toBe('----abc123');
    expect(multipartBoundary('multipart/form-data; charset=utf-8; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('application/json')).toBeNull();
    expect(multipartBoundary('multipart/form-data')).toBeNull();
    expect(multipartBoundary(null)).toBeNull();
  });
});
