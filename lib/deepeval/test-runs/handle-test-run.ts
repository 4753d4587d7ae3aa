import 'server-only';
import { getDb } from '../../db/client';
import { requestLimits } from '../../http/limits';
import { deepevalOk } from '../http/answers';
import { readJson, wholeBodyLimit } from '../../http/whole-body';
import { publicUrl } from '../../http/public-url';
import type { ProjectRef } from '../../identity/project';
import { projectPath } from '../../nav/project-path';
import { withDeepeval } from '../http/with-deepeval';
import { DEEPEVAL_LIMITS } from '../limits';
import { parseBody } from '../parse-body';
import { receiveRemainingCases, receiveTestRun, type TestRunReceipt } from './receive-test-run';
import { remainingTestRunSchema, testRunSchema } from './schema';

/** The answer deepeval reads: the run's id (Python reads `data.id`, TypeScript the top-level `id`) and the `link` that opens it. */
function receiptAnswer(request: Request, project: ProjectRef, receipt: TestRunReceipt): Response {
  const link = publicUrl(request, projectPath(project.slug, `/runs/${receipt.id}`));
  return deepevalOk({ id: receipt.id, link, received: receipt.received, expected: receipt.expected, stored: receipt.stored }, { id: receipt.id, link });
}

/** POST /v1/test-run: a test run's first cases (Python sends 20 conversational or 40 single-turn ones), or all of them (TypeScript). */
export function handleTestRunPost(request: Request): Promise<Response> {
  return withDeepeval(request, async (principal) => {
    const body = parseBody(testRunSchema(requestLimits().conversation), await readJson(request, wholeBodyLimit(DEEPEVAL_LIMITS.testRunBytes), 'The test run'), 'the test run');
    return receiptAnswer(request, principal.project, await receiveTestRun(getDb(), principal.project.id, body));
  });
}

/** PUT /v1/test-run: the next cases of the test run the POST answered (`testRunId`). */
export function handleTestRunPut(request: Request): Promise<Response> {
  return withDeepeval(request, async (principal) => {
    const body = parseBody(remainingTestRunSchema(requestLimits().conversation), await readJson(request, wholeBodyLimit(DEEPEVAL_LIMITS.testRunBytes), 'The test cases'), 'the test cases');
    return receiptAnswer(request, principal.project, await receiveRemainingCases(getDb(), principal.project.id, body));
  });
}
