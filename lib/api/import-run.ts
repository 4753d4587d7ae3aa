import 'server-only';
import type { Db } from '../db/db-types';
import { readText, wholeBodyLimit } from '../http/whole-body';
import { publicUrl } from '../http/public-url';
import { DEEPEVAL_LIMITS } from '../deepeval/limits';
import { looksLikeTestRun } from '../deepeval/test-runs/detect-test-run';
import { importTestRunText } from '../deepeval/test-runs/import-test-run-file';
import { AppError } from '../errors';
import type { ProjectRef } from '../identity/project';
import { projectPath } from '../nav/project-path';

/**
 * POST /api/v1/runs/import: a run scored elsewhere, as its tool wrote it: today deepeval's
 * test_run_*.json (DEEPEVAL_RESULTS_FOLDER), sent as the body. It becomes a dataset version and a
 * closed run, as if deepeval's client had sent it; the same file again answers the same run.
 */
export async function importRunResponse(db: Db, project: ProjectRef, request: Request): Promise<Response> {
  const limit = wholeBodyLimit(DEEPEVAL_LIMITS.testRunBytes);
  const text = await readText(request, limit, 'The file');
  if (!looksLikeTestRun(text)) {
    throw new AppError('BAD_INPUT', 'body: not a run this server imports: expected a deepeval test run (test_run_*.json: an object with conversationalTestCases, or testCases with their metricsData)', { field: 'body' });
  }
  const receipt = await importTestRunText(db, project, text, 'The file');
  const answer = { runId: receipt.id, link: publicUrl(request, projectPath(project.slug, `/runs/${receipt.id}`)), stored: receipt.stored, received: receipt.received, expected: receipt.expected, repeated: receipt.repeated };
  return Response.json(answer, { status: receipt.stored ? 201 : 202 });
}
