import { bodyReadAlready } from './pooled-fetch';
import { MAX_REPLY_BYTES, RequestFailedError } from './request-failed-error';
import { readStreamUpTo } from '../streams/read-up-to';

/** A reply refused for its size: of `declared` bytes when it said so, else found over the bound as it was read. */
export const replyTooLarge = (where: string, maxBytes: number, declared?: number): RequestFailedError =>
  new RequestFailedError(declared === undefined ? `${where} sent a reply over the ${maxBytes}-byte limit` : `${where} sent a reply of ${declared} bytes, over the ${maxBytes}-byte limit`);

/**
 * A response body's bytes, refused once they pass `maxBytes`: the read stops there (the rest
 * is never buffered), so a target that sends 5 MB costs 1 MB at most. A body of a declared
 * length within the bound is taken whole (HTTP/1.1 ends it at that length), which spares a
 * read per chunk on every reply.
 */
export async function readBoundedBytes(response: Response, where: string, maxBytes = MAX_REPLY_BYTES): Promise<Uint8Array<ArrayBuffer>> {
  const read = bodyReadAlready(response);
  if (read) {
    if (read.byteLength > maxBytes) throw replyTooLarge(where, maxBytes, read.byteLength);
    return read as Uint8Array<ArrayBuffer>;
  }
  const declared = response.headers.get('content-length');
  const length = declared === null ? NaN : Number(declared);
  if (Number.isFinite(length) && length > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw replyTooLarge(where, maxBytes, length);
  }
  if (!response.body) return new Uint8Array(0);
  if (Number.isFinite(length) && !response.headers.has('content-encoding')) return new Uint8Array(await response.arrayBuffer());
  const bytes = await readStreamUpTo(response.body, maxBytes);
  if (!bytes) throw replyTooLarge(where, maxBytes);
  return bytes as Uint8Array<ArrayBuffer>;
}

/** readBoundedBytes as UTF-8 text. */
export async function readBoundedText(response: Response, where: string, maxBytes = MAX_REPLY_BYTES): Promise<string> {
  const bytes = await readBoundedBytes(response, where, maxBytes);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}
