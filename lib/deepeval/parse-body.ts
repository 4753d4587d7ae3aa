import type { z } from 'zod';
import { AppError } from '../errors';

/**
 * A body checked by its schema, or a BAD_INPUT naming the first problem's field path as deepeval
 * spells it (`conversationalTestCases.3.turns.0.role: must be "user" or "assistant"`), which
 * deepeval's client raises with that message.
 */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown, what: string): z.output<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  let path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys' && issue.keys.length > 0) path = [...path, issue.keys[0]];
  const field = path.join('.');
  const message = field ? `${field}: ${issue.message}` : `${what}: ${issue.message}`;
  throw new AppError('BAD_INPUT', `${message} (nothing was stored)`, { field: field || 'body' });
}
