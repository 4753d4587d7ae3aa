import { groupProblems } from '../datasets';
import { AppError } from '../errors';
import { errorResponse } from '../http/errors';
import type { ImportOutcome } from './import-dataset';

/**
 * The 400 of a file the import refused (the upload route's and the API's): its first error in
 * words, where it is (`line`, `fileField`), the problems grouped by kind and each problem.
 */
export function rejectedImportResponse(outcome: Extract<ImportOutcome, { ok: false }>): Response {
  const first = outcome.problems.find((p) => p.severity === 'error');
  const answer = {
    ...(first ? { line: first.line, ...(first.field ? { fileField: first.field } : {}) } : {}),
    groups: groupProblems(outcome.problems),
    problems: outcome.problems,
  };
  return errorResponse(new AppError('BAD_INPUT', outcome.message, { field: 'file', answer }));
}
