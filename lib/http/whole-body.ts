import { locateJsonError } from '../datasets/json-errors';
import { MAX_NESTING, offsetTooDeep } from '../datasets/value-checks';
import { lineColumnAt } from '../datasets/text-checks';
import { AppError } from '../errors';
import { readBodyUpTo, requestLimits, tooLarge } from './limits';

/** The most bytes of a body read whole: the uploads' limit (TURNWISE_MAX_UPLOAD_MB), and never more than `ceiling`; with the setting that decides it. */
export function wholeBodyLimit(ceiling: number, env: Record<string, string | undefined> = process.env): { bytes: number; variable: string } {
  const upload = requestLimits(env).uploadBytes;
  return upload <= ceiling ? { bytes: upload, variable: 'TURNWISE_MAX_UPLOAD_MB' } : { bytes: ceiling, variable: 'read whole, so never more than this whatever TURNWISE_MAX_UPLOAD_MB says' };
}

/** JSON text, or a BAD_INPUT with the line and column of what does not read (and of nesting deeper than uploads allow). */
export function parseJsonText(text: string, what: string): unknown {
  const deep = offsetTooDeep(text, MAX_NESTING);
  if (deep !== -1) {
    const at = lineColumnAt(text, deep);
    throw new AppError('BAD_INPUT', `${what}: nested deeper than ${MAX_NESTING} levels at line ${at.line}, column ${at.column} (nothing was stored)`, { field: 'body', line: at.line });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    const at = locateJsonError(text, error);
    throw new AppError('BAD_INPUT', `${what} is not JSON: ${at.detail} at line ${at.line}, column ${at.column} (nothing was stored)`, { field: 'body', line: at.line });
  }
}

/** A request's body as text, read up to the limit (a longer one is refused while it arrives). */
export async function readText(request: Request, limit: { bytes: number; variable: string }, what: string): Promise<string> {
  return (await readBodyUpTo(request, limit.bytes, tooLarge(what, limit.bytes, limit.variable, 'body'))).toString('utf8');
}

/** A request's JSON body read up to the limit, then parsed. */
export async function readJson(request: Request, limit: { bytes: number; variable: string }, what: string): Promise<unknown> {
  return parseJsonText(await readText(request, limit, what), what);
}
