import type { z } from 'zod';
import { AppError } from '../errors';
import { fieldOf } from '../http/errors';

/**
 * The first issue of a body that did not parse, as a BAD_INPUT naming its field path the way
 * deepeval spells it (`conversationalTestCases.3.turns.0.role: must be "user" or "assistant"`,
 * `baseSpans.0.retrievalContext.1: expected text`), which deepeval's client raises with that
 * message; `what` names the body when the issue is the body itself, `suffix` ends the message.
 */
export function badBody(error: z.ZodError, what = 'body', suffix = ''): AppError {
  const issue = error.issues[0];
  let path: readonly PropertyKey[] = issue?.path ?? [];
  if (issue?.code === 'unrecognized_keys' && issue.keys.length > 0) path = [...path, issue.keys[0]];
  const field = fieldOf(path);
  const message = issue?.message ?? 'The body is not what this route takes';
  return new AppError('BAD_INPUT', `${field || what}: ${message}${suffix}`, { field: field || 'body' });
}

/** A body checked by its schema, or badBody's BAD_INPUT saying that nothing was stored. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown, what: string): z.output<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw badBody(parsed.error, what, ' (nothing was stored)');
}
