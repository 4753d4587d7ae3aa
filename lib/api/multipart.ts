import { Readable } from 'node:stream';
import busboy from 'busboy';
import { AppError } from '../errors';

/*
 * multipart/form-data as a sequence of parts, parsed by busboy: a part's bytes are handed on
 * as they arrive, so an uploaded file of hundreds of MB goes straight to the importer without
 * being held (Request.formData() would buffer the whole body first).
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

/** Plain (non-file) fields are options, never datasets: a larger one is refused, not cut. */
const MAX_FIELD_BYTES = 64 * 1024;

const bad = (message: string) => new AppError('BAD_INPUT', `Malformed multipart body: ${message}`, { field: 'file' });

/** The boundary of a multipart/form-data content type; null for any other type. */
export function multipartBoundary(contentType: string | null): string | null {
  if (!contentType || !/^\s*multipart\/form-data\s*(;|$)/i.test(contentType)) return null;
  const match = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : null;
}

type Event = { part: MultipartPart; stream?: Readable } | { error: Error } | { done: true };

/** The parts of a multipart body, one at a time, in order. */
export async function* multipartParts(source: AsyncIterable<Uint8Array>, boundary: string): AsyncGenerator<MultipartPart> {
  const parser = busboy({
    headers: { 'content-type': `multipart/form-data; boundary="${boundary}"` },
    limits: { fieldSize: MAX_FIELD_BYTES },
  });
  const events: Event[] = [];
  let wake: (() => void) | null = null;
  let open: string | null = null;
  const emit = (event: Event) => {
    events.push(event);
    wake?.();
    wake = null;
  };

  parser.on('file', (name, stream, info) => {
    open = name;
    stream.once('end', () => {
      if (open === name) open = null;
    });
    const body = (async function* () {
      try {
        yield* stream;
      } catch (error) {
        throw error instanceof AppError ? error : bad(`the body ends inside the part "${name}"`);
      }
    })();
    emit({ part: { name, fileName: info.filename ?? null, contentType: info.mimeType ?? null, body }, stream });
  });
  parser.on('field', (name, value, info) => {
    if (info.valueTruncated) {
      emit({ error: new AppError('BAD_INPUT', `${name}: longer than ${MAX_FIELD_BYTES} bytes; send a file as a file part`, { field: name }) });
      return;
    }
    const bytes = Buffer.from(value, 'utf8');
    emit({ part: { name, fileName: null, contentType: null, body: (async function* () { if (bytes.length) yield bytes; })() } });
  });
  parser.on('error', (error: Error) => {
    const message = /unexpected end/i.test(error.message) ? 'the body ends before its closing boundary' : error.message;
    emit({ error: open ? bad(`the body ends inside the part "${open}"`) : bad(message) });
  });
  parser.on('close', () => emit({ done: true }));

  const input = Readable.from(source);
  input.on('error', (error) => emit({ error }));
  input.pipe(parser);

  let previous: Readable | undefined;
  try {
    for (;;) {
      // A part the caller did not read is drained, so the parser can reach the next one.
      if (previous && !previous.readableEnded) previous.resume();
      while (events.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const event = events.shift()!;
      if ('error' in event) {
        previous?.destroy(event.error);
        throw event.error;
      }
      if ('done' in event) return;
      previous = event.stream;
      yield event.part;
    }
  } finally {
    input.unpipe(parser);
    input.destroy();
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
