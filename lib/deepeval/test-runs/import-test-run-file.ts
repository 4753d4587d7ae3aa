import type { Db } from '../../db/db-types';
import type { ProjectRef } from '../../identity/project';
import { requestLimits } from '../../http/limits';
import { parseJsonText } from '../../http/whole-body';
import { parseBody } from '../parse-body';
import { receiveTestRun, type TestRunReceipt } from './receive-test-run';
import { testRunSchema } from './schema';

/**
 * A test_run_*.json that deepeval wrote to DEEPEVAL_RESULTS_FOLDER (the body it uploads, with
 * every case): received as its client would send it, so it gives the same dataset version and run,
 * and a run already posted (or only partly, when its client stopped) is that run, completed.
 */
export async function importTestRunText(db: Db, project: ProjectRef, text: string, fileName = 'the test run'): Promise<TestRunReceipt> {
  const body = parseBody(testRunSchema(requestLimits().conversation), parseJsonText(text.replace(/^\uFEFF/, ''), fileName), fileName);
  return receiveTestRun(db, project.id, body);
}
