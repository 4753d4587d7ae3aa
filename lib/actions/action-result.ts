import { databaseErrorOf } from '../db/database-error';
import { isAppError } from '../errors';
import { redactSecrets } from '../redact-secrets';

/** What every server action answers: `{ ok, fieldErrors?, message? }` (style.md, convention 4). */
export interface ActionResult {
  ok: boolean;
  fieldErrors?: Record<string, string[]>;
  message?: string;
}

/**
 * The one place an action turns a thrown error into its answer: an AppError (or a database
 * that is busy, full or read-only) keeps its message (and its field, shown beside that input); anything else is logged and answered
 * with a message that leaks nothing.
 */
export function failure(thrown: unknown): ActionResult {
  const error = databaseErrorOf(thrown) ?? thrown;
  if (isAppError(error) && error.code !== 'INTERNAL') {
    const field = typeof error.details?.field === 'string' ? error.details.field : null;
    return { ok: false, message: error.message, ...(field ? { fieldErrors: { [field]: [error.message] } } : {}) };
  }
  console.error(redactSecrets(error instanceof Error ? (error.stack ?? error.message) : String(error)));
  return { ok: false, message: 'Something went wrong on the server; see its log.' };
}
