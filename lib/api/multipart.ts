import { AppError } from '../errors';

/*
 * A streaming multipart/form-data reader (RFC 7578): parts come one at a time and a part's
 * bytes are handed on as they arrive, so an uploaded file of hundreds of MB goes straight to
 * the importer without being held (Request.formData() would buffer the whole body first).
 */

export interface MultipartPart {
  /** The form field's name. */
  name: string;
  /** The file name a file field was sent with; null for a plain field. */
  fileName: string | null;
  contentType: string | null;
  /** The part's bytes. Whatever is not read is skipped when the next part is asked for. */
  body: AsyncIterable<Uint8Array>;
}

/** Header block of one part: more is not a form a client would send. */
const MAX_HEADER_BYTES = 16 * 1024;
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

const bad = (message: string) => new AppError('BAD_INPUT', `Malformed multipart body: ${message}`, { field: 'file' });

/** The boundary of a multipart/form-data content type; null for any other type. */
export function multipartBoundary(contentType: string | null): string | null {
  if (!contentType || !/^\s*multipart\/form-data\s*(;|$)/i.test(contentType)) return null;
  const match = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : null;
}

/** Parameters of a header value: `form-data; name="file"; filename="a.csv"` → { name, filename }. */
function headerParams(value: string): Record<string, string> {
  const params: Record<string, string> = {};
  const pattern = /;\s*([^=;\s]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (let m = pattern.exec(value); m; m = pattern.exec(value)) {
    const key = m[1].toLowerCase();
    const raw = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3].trim();
    if (key.endsWith('*')) {
      // RFC 5987: charset'language'percent-encoded
      const ext = /^([^']*)'[^']*'(.*)$/.exec(raw);
      if (ext) {
        try {
          params[key.slice(0, -1)] = decodeURIComponent(ext[2]);
          continue;
        } catch {
          // fall through to the raw value
        }
      }
    }
    params[key] ??= raw;
  }
  return params;
}

function parseHeaders(block: string): { name: string; fileName: string | null; contentType: string | null } {
  let disposition: string | null = null;
  let contentType: string | null = null;
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'content-disposition') disposition = value;
    else if (key === 'content-type') contentType = value;
  }
  if (!disposition || !/^form-data\b/i.test(disposition)) throw bad('a part has no Content-Disposition: form-data header');
  const params = headerParams(disposition);
  if (params.name === undefined) throw bad('a part has no field name');
  // Browsers and curl send the base name; strip any path a client may add.
  const fileName = params.filename === undefined ? null : params.filename.replace(/^.*[\\/]/, '');
  return { name: params.name, fileName, contentType };
}

/** Parts of a multipart body, in order. Read (or skip) each part's body before the next. */
export async function* multipartParts(source: AsyncIterable<Uint8Array>, boundary: string): AsyncGenerator<MultipartPart> {
  const input = source[Symbol.asyncIterator]();
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first boundary has no CRLF before it: start with one so that every delimiter looks alike.
  let buf: Buffer = Buffer.from(CRLF);
  let ended = false;

  const fill = async (): Promise<boolean> => {
    if (ended) return false;
    const next = await input.next();
    if (next.done) {
      ended = true;
      return false;
    }
    const chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
    buf = buf.length === 0 ? chunk : Buffer.concat([buf, chunk]);
    return true;
  };
  /** Index of `needle` in the buffer, reading more while it is absent (up to `limit` bytes); -1 at the end. */
  const find = async (needle: Buffer, limit = Infinity): Promise<number> => {
    for (;;) {
      const at = buf.indexOf(needle);
      if (at >= 0) return at;
      if (buf.length > limit) return -1;
      if (!(await fill())) return -1;
    }
  };

  try {
    // Preamble: skip to the first delimiter, keeping only the bytes that could start one.
    for (;;) {
      const at = buf.indexOf(delimiter);
      if (at >= 0) {
        buf = buf.subarray(at + delimiter.length);
        break;
      }
      buf = buf.subarray(Math.max(0, buf.length - delimiter.length + 1));
      if (!(await fill())) throw bad(`no part starts with the boundary given in Content-Type`);
    }

    for (;;) {
      while (buf.length < 2) if (!(await fill())) throw bad('the body ends after a boundary');
      if (buf[0] === 0x2d && buf[1] === 0x2d) return; // "--": the closing delimiter
      const lineEnd = await find(CRLF, 1024);
      if (lineEnd < 0) throw bad('a boundary line does not end');
      buf = buf.subarray(lineEnd + 2);

      let block = '';
      while (buf.length < 2) if (!(await fill())) throw bad('a part ends inside its headers');
      if (buf[0] === 0x0d && buf[1] === 0x0a) buf = buf.subarray(2);
      else {
        const end = await find(HEADER_END, MAX_HEADER_BYTES);
        if (end < 0) throw bad('a part ends inside its headers, or its headers are too long');
        block = buf.subarray(0, end).toString('utf8');
        buf = buf.subarray(end + HEADER_END.length);
      }
      const headers = parseHeaders(block);

      let finished = false;
      /** The next piece of this part's bytes; null once its delimiter is reached. */
      const read = async (): Promise<Buffer | null> => {
        if (finished) return null;
        for (;;) {
          const at = buf.indexOf(delimiter);
          if (at >= 0) {
            const out = buf.subarray(0, at);
            buf = buf.subarray(at + delimiter.length);
            finished = true;
            return out;
          }
          // Everything but a tail that may be the start of the delimiter is the part's.
          const safe = buf.length - (delimiter.length - 1);
          if (safe > 0) {
            const out = buf.subarray(0, safe);
            buf = buf.subarray(safe);
            return out;
          }
          if (!(await fill())) throw bad(`the body ends inside the part "${headers.name}"`);
        }
      };
      const body = async function* (): AsyncGenerator<Uint8Array> {
        for (let piece = await read(); piece !== null; piece = await read()) if (piece.length > 0) yield piece;
      };
      yield { ...headers, body: body() };
      while ((await read()) !== null) {
        // skip what the caller did not read
      }
    }
  } finally {
    await input.return?.();
  }
}

/** A plain field's value as text, refused when longer than `maxBytes`. */
export async function readFieldText(part: MultipartPart, maxBytes = 64 * 1024): Promise<string> {
  const pieces: Buffer[] = [];
  let size = 0;
  for await (const piece of part.body) {
    size += piece.byteLength;
    if (size > maxBytes) throw new AppError('BAD_INPUT', `${part.name}: longer than ${maxBytes} bytes`, { field: part.name });
    pieces.push(Buffer.from(piece));
  }
  return Buffer.concat(pieces).toString('utf8');
}
