import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/db-types';
import { addRunImportCases, type StagedCase } from '../../db/queries/run-imports/add-run-import-cases';
import { claimRunImport } from '../../db/queries/run-imports/claim-run-import';
import { deleteRunImport, markRunImportFailed, markRunImportStored } from '../../db/queries/run-imports/end-run-import';
import { getRunImport } from '../../db/queries/run-imports/get-run-import';
import { openRunImport } from '../../db/queries/run-imports/open-run-import';
import type { RunImportRow } from '../../db/queries/run-imports/run-import-row';
import { getRunStatus } from '../../db/queries/runs/get-run-status';
import { AppError } from '../../errors';
import { redactSecrets } from '../../redact-secrets';
import { caseSummary, readCase } from './read-case';
import { expectedCases, headOf, runKey } from './run-head';
import type { RemainingTestRunBody, TestRunBody } from './schema';
import { storeTestRun } from './store-test-run';

/** Where a test run stands after a request: its id (the run's), and how many of its cases have arrived. */
export interface TestRunReceipt {
  id: string;
  received: number;
  expected: number;
  /** True once the run is stored (every case arrived). */
  stored: boolean;
  /** This request's cases that were already held (a request sent again): not added twice. */
  repeated: number;
}

type Cases = Pick<TestRunBody, 'testCases' | 'conversationalTestCases'>;

/**
 * A request's cases with their place in the run (deepeval's `order`, else their place after the
 * cases held so far), read as they arrive: a case that does not fit its own turns is known now, and
 * what storing the run needs first (the conversation's hash, the metrics) is kept beside it.
 */
function staged(cases: Cases, firstFree: number): StagedCase[] {
  const place = (order: number | undefined, i: number) => order ?? firstFree + i;
  return [
    ...(cases.conversationalTestCases ?? []).map((c, i): StagedCase => ({ kind: 'conversational', position: place(c.order, i), body: c, ...caseSummary(readCase('conversational', c)) })),
    ...(cases.testCases ?? []).map((c, i): StagedCase => ({ kind: 'single', position: place(c.order, i), body: c, ...caseSummary(readCase('single', c)) })),
  ];
}

const runExists = (db: Db, projectId: string, id: string) =>
  getRunStatus(db, projectId, id).then(
    () => true,
    () => false,
  );

/** Stores the run once every case is held, unless another request is storing it; a failure is kept on the import and thrown. */
async function storeIfComplete(db: Db, row: RunImportRow, received: number): Promise<boolean> {
  if (received < row.expected) return false;
  if (!(await claimRunImport(db, row.id))) return (await getRunImport(db, row.projectId, row.id))?.status === 'stored';
  try {
    await storeTestRun(db, row);
    await markRunImportStored(db, row.id);
    return true;
  } catch (error) {
    await markRunImportFailed(db, row.id, redactSecrets(error instanceof Error ? error.message : String(error)).slice(0, 2000)).catch(() => undefined);
    throw error;
  }
}

/**
 * A test run's first request (POST /v1/test-run), or the whole of it (its test_run_*.json file,
 * the TypeScript client's one POST). The same run sent again is the run already received
 * (runKey): its cases are added only where missing, and a run already stored is answered as it
 * is. Once every case announced has arrived the run is stored.
 */
export async function receiveTestRun(db: Db, projectId: string, body: TestRunBody): Promise<TestRunReceipt> {
  const head = headOf(body);
  const key = runKey(head);
  let { row } = await openRunImport(db, { projectId, id: randomUUID(), origin: 'deepeval', key, head, expected: expectedCases(body) });
  if (row.status === 'stored') {
    if (await runExists(db, projectId, row.id)) return { id: row.id, received: row.expected, expected: row.expected, stored: true, repeated: (body.conversationalTestCases?.length ?? 0) + (body.testCases?.length ?? 0) };
    // Its run was deleted since (with its dataset): the run is received anew.
    await deleteRunImport(db, row.id);
    ({ row } = await openRunImport(db, { projectId, id: randomUUID(), origin: 'deepeval', key, head, expected: expectedCases(body) }));
  }
  const cases = staged(body, 0);
  const { added, received } = await addRunImportCases(db, row.id, cases);
  const stored = await storeIfComplete(db, row, received);
  return { id: row.id, received, expected: row.expected, stored, repeated: cases.length - added };
}

/**
 * The rest of a test run's cases (PUT /v1/test-run with the id the POST answered). Cases already
 * held (a PUT sent again) are not added twice; an id never answered is NOT_FOUND.
 */
export async function receiveRemainingCases(db: Db, projectId: string, body: RemainingTestRunBody): Promise<TestRunReceipt> {
  const row = await getRunImport(db, projectId, body.testRunId);
  if (!row) {
    throw new AppError('NOT_FOUND', `Test run ${body.testRunId.slice(0, 100)} is unknown to this Turnwise: send its first cases with POST /v1/test-run first (nothing was stored).`, { field: 'testRunId' });
  }
  if (row.status === 'stored') {
    const cases = [...(body.conversationalTestCases ?? []), ...(body.testCases ?? [])].map((c, i) => ({ position: c.order ?? row.received + i }));
    const beyond = cases.find((c) => c.position >= row.expected);
    if (beyond) {
      throw new AppError('CONFLICT', `Test run ${row.id} was stored complete with its ${row.expected} test cases; a case at order ${beyond.position} arrived after it (nothing was stored).`, { field: 'testRunId' });
    }
    return { id: row.id, received: row.expected, expected: row.expected, stored: true, repeated: cases.length };
  }
  const cases = staged(body, row.received);
  const { added, received } = await addRunImportCases(db, row.id, cases);
  const stored = await storeIfComplete(db, row, received);
  return { id: row.id, received, expected: row.expected, stored, repeated: cases.length - added };
}
