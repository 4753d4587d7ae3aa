import type { z } from 'zod';
import { AppError } from '../../errors';
import { fieldOf } from '../../http/errors';

/**
 * The first issue of a body that did not parse, as a BAD_INPUT naming its field path the way
 * deepeval spells it ("baseSpans.0.retrievalContext.1: expected text"); deepeval raises the message.
 */
export function badBody(error: z.ZodError): AppError {
  const issue = error.issues[0];
  let path: readonly PropertyKey[] = issue?.path ?? [];
  if (issue?.code === 'unrecognized_keys' && issue.keys.length > 0) path = [...path, issue.keys[0]];
  const field = fieldOf(path);
  const message = issue?.message ?? 'The body is not what this route takes';
  return new AppError('BAD_INPUT', field ? `${field}: ${message}` : `body: ${message}`, { field: field || 'body' });
}
