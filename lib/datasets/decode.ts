import type { Problem } from './types';
import { binaryProblem, notUtf8Problem } from './text-checks';

/** Index of the first byte that breaks UTF-8, or -1. A sequence cut by the end counts as broken when `final`. */
export function findInvalidUtf8(bytes: Uint8Array, final = true): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0; // overlong
      if (b === 0xed) hi = 0x9f; // surrogates
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    } else return i;
    // Check the bytes we have before deciding the sequence is merely cut off by the end.
    if (i + 1 < n && (bytes[i + 1] < lo || bytes[i + 1] > hi)) return i;
    for (let k = 2; k <= need && i + k < n; k++) if (bytes[i + k] < 0x80 || bytes[i + k] > 0xbf) return i;
    if (i + need >= n) return final ? i : -1;
    i += need + 1;
  }
  return -1;
}

const countByte = (bytes: Uint8Array, value: number, to: number): number => {
  let n = 0;
  for (let i = 0; i < to; i++) if (bytes[i] === value) n++;
  return n;
};

function utf16Problem(): Problem {
  return {
    severity: 'error',
    line: 1,
    field: '',
    message: 'UTF-16 text, not UTF-8: found a UTF-16 byte order mark; save the file as UTF-8',
  };
}

// Like git, call a file binary when a NUL byte shows up early, whatever else is wrong with it.
const BINARY_WINDOW = 8000;

/** The problem for bytes that are not UTF-8 text: binary if a NUL comes early or first, else the bad byte's line. */
function undecodableProblem(bytes: Uint8Array, linesBefore: number): Problem {
  const nul = bytes.indexOf(0);
  const bad = findInvalidUtf8(bytes, false);
  if (nul !== -1 && (nul < BINARY_WINDOW || bad === -1 || nul <= bad)) {
    return binaryProblem(linesBefore + countByte(bytes, 0x0a, nul) + 1);
  }
  const at = bad === -1 ? 0 : bad;
  return notUtf8Problem(linesBefore + countByte(bytes, 0x0a, at) + 1);
}

const hasUtf16Bom = (b: Uint8Array): boolean => b.length >= 2 && ((b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0xfe && b[1] === 0xff));

/** Decodes an uploaded file's bytes (e.g. File.arrayBuffer in a browser), refusing anything but UTF-8 text. */
export function decodeDataset(bytes: Uint8Array): { text: string; problem?: undefined } | { text?: undefined; problem: Problem } {
  if (hasUtf16Bom(bytes)) return { problem: utf16Problem() };
  if (bytes.indexOf(0) !== -1) return { problem: undecodableProblem(bytes, 0) };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes) };
  } catch {
    return { problem: undecodableProblem(bytes, 0) };
  }
}

export interface ChunkDecoder {
  /** Text of this chunk; '' once a problem was found. */
  decode(chunk: Uint8Array): string;
  end(): string;
  readonly problem: Problem | null;
}

/** Streaming variant of decodeDataset for files read in chunks; reports the line of the first bad byte. */
export function createChunkDecoder(): ChunkDecoder {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let lines = 0;
  let first = true;
  let problem: Problem | null = null;
  const fail = (chunk: Uint8Array): string => {
    // Leading continuation bytes belong to a sequence begun in the previous chunk.
    let skip = 0;
    while (skip < 3 && skip < chunk.length && chunk[skip] >= 0x80 && chunk[skip] <= 0xbf) skip++;
    problem = undecodableProblem(chunk.subarray(skip), lines + countByte(chunk, 0x0a, skip));
    return '';
  };
  return {
    decode(chunk) {
      if (problem) return '';
      if (first) {
        first = false;
        if (hasUtf16Bom(chunk)) {
          problem = utf16Problem();
          return '';
        }
      }
      if (chunk.indexOf(0) !== -1) return fail(chunk);
      try {
        const text = decoder.decode(chunk, { stream: true });
        lines += countByte(chunk, 0x0a, chunk.length);
        return text;
      } catch {
        return fail(chunk);
      }
    },
    end() {
      if (problem) return '';
      try {
        return decoder.decode();
      } catch {
        problem = notUtf8Problem(lines + 1);
        return '';
      }
    },
    get problem() {
      return problem;
    },
  };
}
