import { z } from 'zod';
import { DEFAULT_CONVERSATION_LIMITS, type ConversationLimits } from '../datasets';
import { AppError } from '../errors';
import { readStreamUpTo } from '../streams/read-up-to';

/** What one request may bring, from the environment (documented in docs/deployment.md, Limits). */
export interface RequestLimits {
  /** A dataset upload's bytes (TURNWISE_MAX_UPLOAD_MB, 1,024). */
  uploadBytes: number;
  /** A JSON request body's bytes (TURNWISE_MAX_JSON_BODY_KB, 1,024). */
  jsonBodyBytes: number;
  /** Turns per conversation and characters per turn (TURNWISE_MAX_TURNS, TURNWISE_MAX_TURN_CHARS). */
  conversation: ConversationLimits;
}

const whole = (max: number) => z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1).max(max).optional();
const envSchema = z.object({
  TURNWISE_MAX_UPLOAD_MB: whole(1024 * 1024),
  TURNWISE_MAX_JSON_BODY_KB: whole(1024 * 1024),
  TURNWISE_MAX_TURNS: whole(10_000_000),
  TURNWISE_MAX_TURN_CHARS: whole(1_000_000_000),
});

export function requestLimits(env: Record<string, string | undefined> = process.env): RequestLimits {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('CONFIG', `${String(issue.path[0])}: ${issue.message}`, { variable: issue.path[0] });
  }
  const v = parsed.data;
  return {
    uploadBytes: (v.TURNWISE_MAX_UPLOAD_MB ?? 1024) * 1024 * 1024,
    jsonBodyBytes: (v.TURNWISE_MAX_JSON_BODY_KB ?? 1024) * 1024,
    conversation: {
      maxTurns: v.TURNWISE_MAX_TURNS ?? DEFAULT_CONVERSATION_LIMITS.maxTurns,
      maxTurnChars: v.TURNWISE_MAX_TURN_CHARS ?? DEFAULT_CONVERSATION_LIMITS.maxTurnChars,
    },
  };
}

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toLocaleString('en-US')} MB` : `${(bytes / 1024).toLocaleString('en-US')} KB`);

/** The error for a body over its limit; `variable` is the setting that raises it. */
export const tooLarge = (what: string, maxBytes: number, variable: string, field?: string): AppError =>
  new AppError('TOO_LARGE', `${what} is larger than ${size(maxBytes)}, the most this server accepts (${variable}); nothing was stored.`, field ? { field } : {});

/** Refused before a byte is read when the request says its length. */
export function declaredTooLarge(request: Request, maxBytes: number): boolean {
  const length = Number(request.headers.get('content-length'));
  return Number.isFinite(length) && length > maxBytes;
}

/**
 * A body's bytes, read up to `maxBytes`: a declared length over it is refused before a byte is
 * read, and a body that says nothing (chunked) or lies is counted as it arrives and cut there.
 */
export async function readBodyUpTo(request: Request, maxBytes: number, error: AppError): Promise<Buffer> {
  if (declaredTooLarge(request, maxBytes)) {
    await request.body?.cancel().catch(() => {});
    throw error;
  }
  const bytes = await readStreamUpTo(request.body, maxBytes);
  if (!bytes) throw error;
  return bytes;
}

/** A JSON body, read up to `maxBytes` (a longer one is refused while it arrives, not buffered). */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const bytes = await readBodyUpTo(request, maxBytes, tooLarge('The request body', maxBytes, 'TURNWISE_MAX_JSON_BODY_KB', 'body'));
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new AppError('BAD_INPUT', 'body: expected a JSON object', { field: 'body' });
  }
}
