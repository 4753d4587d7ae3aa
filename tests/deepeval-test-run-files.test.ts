import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../lib/db/client';
import { DEEPEVAL_FIXTURES, recordedRequest, routeDatabaseForFile } from './helpers/deepeval-fixtures';
import { cliEnv, turnwiseInProcess } from './helpers/turnwise-cli';

/*
 * A test_run_*.json from DEEPEVAL_RESULTS_FOLDER, recorded with the POST and PUT deepeval's client
 * sent for that same run (tests/fixtures/deepeval-4.1.10/results-folder): imported through the
 * API (the route the import page sends it to) and the CLI, it is that run.
 */

const FOLDER = path.join(DEEPEVAL_FIXTURES, 'results-folder');
const fileName = readdirSync(FOLDER).find((f) => f.startsWith('test_run_'))!;
const filePath = path.join(FOLDER, fileName);
const post = recordedRequest('results-folder/POST-_v1_test_run.json');
const put = recordedRequest('results-folder/PUT-_v1_test_run.json');

const database = routeDatabaseForFile({ serviceKey: 'tw_test' });
let testRun: typeof import('../app/api/deepeval/v1/test-run/route');
let importRoute: typeof import('../app/api/v1/runs/import/route');
beforeAll(async () => {
  testRun = await import('../app/api/deepeval/v1/test-run/route');
  importRoute = await import('../app/api/v1/runs/import/route');
});

const deepeval = async (method: 'POST' | 'PUT', body: unknown) =>
  (await testRun[method](new Request('http://localhost/api/deepeval/v1/test-run', { method, headers: post.headers, body: JSON.stringify(body) }))).json() as Promise<{
    success: boolean;
    id?: string;
    data?: { stored: boolean };
  }>;
const importFile = async (body: string) => {
  const res = await importRoute.POST(new Request('http://localhost/api/v1/runs/import', { method: 'POST', headers: { authorization: 'Bearer tw_test', 'content-type': 'application/json' }, body }));
  return { status: res.status, body: (await res.json()) as { runId?: string; stored?: boolean; repeated?: number; error?: { message: string; field?: string } } };
};
const cli = (args: string[]) => turnwiseInProcess(args, cliEnv({ DATABASE_URL: database.url }));

describe('a test_run_*.json of DEEPEVAL_RESULTS_FOLDER', () => {
  let runId = '';

  it('completes the run its client posted part of, under the id the client was given (API)', async () => {
    const first = await deepeval('POST', post.body);
    expect(first).toMatchObject({ success: true, data: { stored: false } });
    runId = first.id!;
    const imported = await importFile(readFileSync(filePath, 'utf8'));
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ runId, stored: true, repeated: 2 });
    const run = await getDb().run.findUniqueOrThrow({ where: { id: runId }, select: { status: true, modelVersion: true, doneItems: true, dataset: { select: { conversationCount: true } } } });
    expect(run).toEqual({ status: 'completed', modelVersion: 'filerun', doneItems: 18, dataset: { conversationCount: 3 } });
  });

  it('is the same run when imported again with the CLI, and the PUT its client sent adds nothing', async () => {
    const again = await cli(['import', filePath]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(new RegExp(`^stored run ${runId} from deepeval test run ${fileName}: 3 test cases, dataset \\S+ \\(already stored: the same run\\)`));
    expect(await deepeval('PUT', { ...put.body, testRunId: runId })).toMatchObject({ success: true, data: { stored: true } });
    expect(await getDb().run.count()).toBe(1);
    expect(await getDb().result.count()).toBe(18);
  });

  it('stores a new run from the CLI alone, as deepeval would have sent it', async () => {
    const other = JSON.parse(readFileSync(filePath, 'utf8')) as { runDuration: number; identifier: string };
    other.runDuration += 1;
    other.identifier = 'filerun-2';
    const dir = mkdtempSync(path.join(os.tmpdir(), 'turnwise-test-run-'));
    const file = path.join(dir, 'test_run_other.json');
    writeFileSync(file, JSON.stringify(other));
    const run = await cli(['import', file]);
    expect(run.code).toBe(0);
    rmSync(dir, { recursive: true, force: true });
    const id = /^stored run (\S+) /.exec(run.stdout)![1];
    expect(id).not.toBe(runId);
    const stored = await getDb().run.findUniqueOrThrow({ where: { id }, select: { modelVersion: true, datasetId: true } });
    const first = await getDb().run.findUniqueOrThrow({ where: { id: runId }, select: { datasetId: true } });
    // The same cases: the same dataset version.
    expect(stored).toEqual({ modelVersion: 'filerun-2', datasetId: first.datasetId });
  });

  it('refuses a JSON body that is no test run, and a broken file, naming where', async () => {
    const notRun = await importFile('{"test_cases": [{"input": "q", "actual_output": "a"}]}');
    expect(notRun.status).toBe(400);
    expect(notRun.body.error?.message).toMatch(/^body: not a run this server imports/);
    const broken = await importFile(readFileSync(filePath, 'utf8').slice(0, 5000));
    expect(broken.status).toBe(400);
    expect(broken.body.error?.message).toMatch(/^The file is not JSON: .* at line \d+, column \d+/);
  });
});
