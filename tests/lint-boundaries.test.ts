import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The import boundaries of docs/architecture.md are lint errors: each case lints a small
 * source as if it sat at the given path, with the project's own eslint.config.mjs.
 */

const root = path.resolve(import.meta.dirname, '..');
let eslint: ESLint;

beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  // Loading the config, its plugins and the TypeScript parser takes most of the time.
  await eslint.lintText('export {};\n', { filePath: path.join(root, 'lib/domain/warm-up.ts') });
}, 120_000);

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

describe('import boundaries', () => {
  it("refuses a 'use client' component that imports lib/db (the fixture)", async () => {
    const code = fs.readFileSync(path.join(root, 'eslint/fixtures/client-imports-db.tsx'), 'utf8');
    // A component imports lib/db through no loader either: both boundaries refuse it.
    expect(await ruleIds('components/runs/client-imports-db.tsx', code)).toEqual(['turnwise/client-boundary', '@typescript-eslint/no-restricted-imports']);
  });

  it('refuses relative and dynamic client imports of the judge and the run orchestration', async () => {
    const code = `'use client';\nimport { loadJudgeConfig } from '../../lib/judge/config';\nexport const later = () => import('@/lib/runs/queue/enqueue-run');\nexport const c = loadJudgeConfig;\n`;
    expect(await ruleIds('components/runs/x.tsx', code)).toEqual(['turnwise/client-boundary', 'turnwise/client-boundary']);
  });

  it('lets a client component import server types, and a server loader import lib/db', async () => {
    const typeOnly = `'use client';\nimport type { RunRequestInput } from '@/lib/runs/request/run-request';\nexport const x = (i: RunRequestInput) => i;\n`;
    expect(await ruleIds('components/runs/x.tsx', typeOnly)).toEqual([]);
    const server = `import { getDb } from '@/lib/db/client';\nexport const db = getDb;\n`;
    expect(await ruleIds('lib/runs/page/x.ts', server)).toEqual([]);
  });

  it('keeps lib/llm, the outbound transport, below the features that use it', async () => {
    const up = `import { createJudge } from '../../judge/config';\nimport { createTarget } from '@/lib/replay/targets/create-target';\nimport { getDb } from '../../db/client';\nexport const x = [createJudge, createTarget, getDb];\n`;
    expect(await ruleIds('lib/llm/egress/x.ts', up)).toEqual(['import/no-restricted-paths', 'import/no-restricted-paths', 'import/no-restricted-paths']);
    expect(await ruleIds('lib/llm/egress/x.ts', `import { AppError } from '../../errors';\nexport const x = AppError;\n`)).toEqual([]);
  });

  it('keeps lib/jobs, the engine of background work, from importing any kind of work or boundary', async () => {
    const up = `import { executeRunChunk } from '../runs';\nimport { onlineScoring } from '../online/online-jobs';\nimport { jobKinds } from '@/lib/server/job-kinds';\nexport const x = [executeRunChunk, onlineScoring, jobKinds];\n`;
    expect(await ruleIds('lib/jobs/x.ts', up)).toEqual(['import/no-restricted-paths', 'import/no-restricted-paths', 'import/no-restricted-paths']);
    expect(await ruleIds('lib/jobs/x.ts', `import { retryPassing } from '../db/retry-passing';\nexport const x = retryPassing;\n`)).toEqual([]);
    expect(await ruleIds('lib/llm/x.ts', `import { createFairSlots } from '../jobs/fair-slots';\nexport const x = createFairSlots;\n`)).toEqual(['import/no-restricted-paths']);
  });

  it('lets a feature tell alerts what happened through their front door only, and keeps alerts from importing the features that tell them', async () => {
    const insides = `import { evaluateSignals } from '../../alerts/evaluate';\nimport { applyObservation } from '@/lib/alerts/apply-observation';\nexport const x = [evaluateSignals, applyObservation];\n`;
    expect(await ruleIds('lib/runs/lifecycle/x.ts', insides)).toEqual(['import/no-restricted-paths', 'import/no-restricted-paths']);
    expect(await ruleIds('lib/online/x.ts', `import { onOnlinePass } from '../alerts';\nimport { onRunClosed } from '@/lib/alerts/index';\nexport const x = [onOnlinePass, onRunClosed];\n`)).toEqual([]);
    const up = `import { executeRunChunk } from '../runs';\nimport { scoringPass } from '../online/online-jobs';\nimport { failReplay } from '@/lib/replay/lifecycle/close-replay';\nexport const x = [executeRunChunk, scoringPass, failReplay];\n`;
    expect(await ruleIds('lib/alerts/x.ts', up)).toEqual(['import/no-restricted-paths', 'import/no-restricted-paths', 'import/no-restricted-paths']);
  });

  it("keeps a feature out of another feature's queue/ and execution/: replay, online scoring and ingest use runs through lib/runs", async () => {
    const insides = `import { executeRunChunk } from '../runs/execution/execute-run-chunk';\nimport { enqueueRun } from '@/lib/runs/queue/enqueue-run';\nexport const x = [executeRunChunk, enqueueRun];\n`;
    expect(await ruleIds('lib/online/x.ts', insides)).toEqual(['import/no-restricted-paths', 'import/no-restricted-paths']);
    expect(await ruleIds('lib/ingest/x.ts', insides)).toEqual(['import/no-restricted-paths', 'import/no-restricted-paths']);
    expect(await ruleIds('lib/replay/lifecycle/x.ts', insides.replaceAll('../runs', '../../runs'))).toEqual(['import/no-restricted-paths', 'import/no-restricted-paths']);
    expect(await ruleIds('lib/online/x.ts', `import { executeRunChunk, enqueueRun } from '../runs';\nexport const x = [executeRunChunk, enqueueRun];\n`)).toEqual([]);
    expect(await ruleIds('lib/runs/x.ts', `import { createTarget } from '../replay/targets/create-target';\nexport const x = createTarget;\n`)).toEqual(['import/no-restricted-paths']);
    expect(await ruleIds('lib/ingest/x.ts', `import { onlineScoring } from '../online/online-jobs';\nexport const x = onlineScoring;\n`)).toEqual(['import/no-restricted-paths']);
    expect(await ruleIds('lib/online/x.ts', `import { ingestSlices } from '../ingest/ingest-jobs';\nexport const x = ingestSlices;\n`)).toEqual(['import/no-restricted-paths']);
  });

  it('keeps schedules and retention on the front doors of runs, replays and the engines, and no feature on theirs', async () => {
    const insides = `import { enqueueRun } from '../runs/queue/enqueue-run';\nimport { createTarget } from '../replay/targets/create-target';\nimport { materializeTraces } from '../ingest/materialize';\nexport const x = [enqueueRun, createTarget, materializeTraces];\n`;
    expect(await ruleIds('lib/schedules/x.ts', insides)).toEqual(['import/no-restricted-paths', 'import/no-restricted-paths', 'import/no-restricted-paths']);
    expect(await ruleIds('lib/retention/x.ts', insides)).toEqual(['import/no-restricted-paths', 'import/no-restricted-paths', 'import/no-restricted-paths']);
    expect(await ruleIds('lib/schedules/x.ts', `import { enqueueRun } from '../runs';\nimport { startReplay } from '../replay';\nexport const x = [enqueueRun, startReplay];\n`)).toEqual([]);
    expect(await ruleIds('lib/runs/x.ts', `import { startDueSchedules } from '../schedules/due-schedules';\nimport { applyRetention } from '../retention/apply-retention';\nexport const x = [startDueSchedules, applyRetention];\n`)).toEqual([
      'import/no-restricted-paths',
      'import/no-restricted-paths',
    ]);
    expect(await ruleIds('lib/jobs/x.ts', `import { scheduleJobs } from '../schedules/schedule-jobs';\nexport const x = scheduleJobs;\n`)).toEqual(['import/no-restricted-paths']);
  });

  it('keeps lib/metrics free of the database, Next and the environment', async () => {
    const code = `import { getDb } from '@/lib/db/client';\nimport { notFound } from 'next/navigation';\nexport const x = [getDb, notFound, process.env.X];\n`;
    expect(await ruleIds('lib/metrics/shared/x.ts', code)).toEqual(['import/no-restricted-paths', 'no-restricted-imports', 'no-restricted-properties']);
  });

  it('keeps lib/datasets from writing (its page loaders read) and queries from calling the parser, run orchestration or comparisons', async () => {
    const save = `import { saveDataset } from '../db/queries/datasets/save-dataset';\nexport const s = saveDataset;\n`;
    expect(await ruleIds('lib/datasets/x.ts', save)).toEqual(['import/no-restricted-paths']);
    expect(await ruleIds('lib/datasets/csv/x.ts', `import { saveDataset } from '../../db/queries/datasets/save-dataset';\nexport const s = saveDataset;\n`)).toEqual(['import/no-restricted-paths']);
    expect(await ruleIds('lib/datasets/page/x.ts', `import { getDataset } from '../../db/queries/datasets/get-dataset';\nexport const s = getDataset;\n`)).toEqual([]);
    expect(await ruleIds('lib/db/queries/datasets/x.ts', `import { csvMappingSchema } from '../../../datasets';\nexport const s = csvMappingSchema;\n`)).toEqual(['import/no-restricted-paths']);
    expect(await ruleIds('lib/db/queries/runs/x.ts', `import { enqueueRun } from '../../../runs/queue/enqueue-run';\nimport { getRunVector } from '@/lib/compare/get-run-vector';\nexport const s = [enqueueRun, getRunVector];\n`)).toEqual([
      'import/no-restricted-paths',
      'import/no-restricted-paths',
    ]);
  });

  it('keeps lib/judge from importing the metric engine', async () => {
    expect(await ruleIds('lib/judge/x.ts', `import { createMetric } from '../metrics/registry';\nexport const m = createMetric;\n`)).toEqual(['import/no-restricted-paths']);
  });

  it('refuses a Prisma call outside lib/db/queries, whatever the client is called (the fixture)', async () => {
    const code = fs.readFileSync(path.join(root, 'eslint/fixtures/prisma-outside-queries.ts'), 'utf8');
    expect(await ruleIds('lib/runs/load-run-names.ts', code)).toEqual(['turnwise/prisma-in-queries', 'turnwise/prisma-in-queries', 'turnwise/prisma-in-queries']);
    const page = `import { getDb } from '@/lib/db/client';\nexport default async function Page() {\n  const n = await getDb().dataset.count();\n  const rows = await getDb().$queryRawUnsafe('SELECT 1');\n  return String(n) + String(rows);\n}\n`;
    expect(await ruleIds('app/x/page.tsx', page)).toEqual(['@typescript-eslint/no-restricted-imports', 'turnwise/prisma-in-queries', 'turnwise/prisma-in-queries']);
  });

  it('lets query files, lib/db itself, scripts and tests call Prisma, and passes over calls that are not a model delegate', async () => {
    const code = `import type { Db } from '../db-types';\nexport const countRuns = (db: Db, projectId: string) => db.run.count({ where: { projectId } });\n`;
    expect(await ruleIds('lib/db/queries/runs/count-runs.ts', code)).toEqual([]);
    expect(await ruleIds('scripts/x.ts', `import { getDb } from '../lib/db/client';\nawait getDb().run.count();\n`)).toEqual([]);
    const notPrisma = `export const f = (adapter: { findMany(x: unknown): unknown }, map: Map<string, number>, list: { run: { count(): number } }) => [adapter.findMany({}), map.delete('a'), list.run.count()];\n`;
    expect(await ruleIds('lib/auth/x.ts', notPrisma.replace('list.run.count()', 'list.run'))).toEqual([]);
  });

  it('makes a page or component read through a loader: no lib/db client or query import, types allowed', async () => {
    const code = `import { getDb } from '@/lib/db/client';\nimport type { RunRow } from '@/lib/db/queries/runs/get-run';\nimport { listRuns } from '../../lib/db/queries/runs/list-runs';\nexport const x = [getDb, listRuns] as unknown as RunRow;\n`;
    expect(await ruleIds('components/runs/x.tsx', code)).toEqual(['@typescript-eslint/no-restricted-imports', '@typescript-eslint/no-restricted-imports']);
    expect(await ruleIds('lib/runs/page/x.ts', code)).toEqual([]);
  });

  it("refuses a query of a project's table that names no project, unless it says why it works across projects", async () => {
    const unscoped = `import type { Db } from '../../db-types';\nexport const countRuns = (db: Db) => db.run.count();\nexport const raw = (db: Db) => db.$queryRaw\`SELECT count(*) FROM "Dataset"\`;\n`;
    expect(await ruleIds('lib/db/queries/runs/count-runs.ts', unscoped)).toEqual(['turnwise/project-scoped-queries', 'turnwise/project-scoped-queries']);
    const marked = `import type { Db } from '../../db-types';\n// across projects: the worker's queue of every project.\nexport const countRuns = (db: Db) => db.run.count();\n`;
    expect(await ruleIds('lib/db/queries/runs/count-runs.ts', marked)).toEqual([]);
    // A run's results are reached through their run, which is found in its project first.
    expect(await ruleIds('lib/db/queries/runs/count-results.ts', `import type { Db } from '../../db-types';\nexport const n = (db: Db, runId: string) => db.result.count({ where: { runId } });\n`)).toEqual([]);
  });

  it('keeps ANY_PROJECT, the scope of a worker\'s own record, out of request paths', async () => {
    const code = `import { ANY_PROJECT } from '@/lib/db/project-scope';\nexport const s = ANY_PROJECT;\n`;
    expect(await ruleIds('lib/api/x.ts', code)).toEqual(['no-restricted-syntax']);
    expect(await ruleIds('app/api/v1/x/route.ts', code)).toEqual(['no-restricted-syntax']);
    expect(await ruleIds('lib/runs/queue/x.ts', code)).toEqual([]);
  });
});
