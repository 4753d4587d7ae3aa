import path from 'node:path';
import { getDb } from '../db/client';
import type { Db } from '../db/db-types';
import { saveDataset } from '../imports/save-dataset';
import { getRunStatus } from '../db/queries/runs/get-run-status';
import { ensureDatabase } from '../db/migrations';
import { DEFAULT_PROJECT_SLUG } from '../identity/project';
import { resolveCliProject } from './cli-project';
import { getDatabaseUrl } from '../db/url';
import { isLiveRun } from '../domain/run-progress';
import { getReplay, startReplay } from '../replay';
import { startWorkers, stopWorkers } from '../jobs/worker-manager';
import { replayJobs } from '../replay/replay-jobs';
import { runJobs } from '../runs/queue/run-jobs';
import { runCompareCommand } from './compare-command';
import type { EvalIo } from './eval-command';
import { loadDatasetFile } from './load-dataset-file';
import { isDatasetFile, parseReplayArgs, REPLAY_USAGE, type ReplayArgs } from './replay-args';

const LIVE_REPLAY = new Set(['queued', 'running', 'finishing']);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function datasetIdOf(db: Db, projectId: string, source: string, io: EvalIo): Promise<string> {
  if (!isDatasetFile(source)) return source;
  const { format, conversations } = await loadDatasetFile(source);
  const saved = await saveDataset(db, { projectId, name: path.basename(source), sourceFormat: format, sourceFileName: path.basename(source), conversations });
  io.stderr(`stored ${source} as dataset ${saved.id} (${saved.conversationCount} conversations)\n`);
  return saved.id;
}

/**
 * `turnwise replay`: stores the file (when given one), starts the replay, runs it here with
 * this process's workers (and any other worker on the database), prints progress every second
 * and, once the evaluation run is over, compares it with --compare-with exactly as
 * `turnwise compare --fail-on-regression` does, with its exit codes.
 */
export async function runReplayCommand(args: ReplayArgs, io: EvalIo): Promise<number> {
  if (args.help) {
    io.stdout(`${REPLAY_USAGE}\n`);
    return 0;
  }
  const url = getDatabaseUrl(io.env as NodeJS.ProcessEnv);
  await ensureDatabase(url);
  const db = getDb();
  const project = await resolveCliProject(io.project ?? DEFAULT_PROJECT_SLUG);
  const datasetId = await datasetIdOf(db, project.id, args.source, io);
  const { id, totalItems } = await startReplay(db, project.id, { ...args.request, datasetId }, null, io.env);
  io.stderr(`replay ${id}: ${totalItems} assistant turn(s) to regenerate\n`);
  // Runs too: the new version's evaluation run is scored here once the replay has made it.
  await startWorkers(io.env, { db, kinds: [runJobs(), replayJobs()], log: () => undefined });
  try {
    let replay = await getReplay(db, project.id, id);
    let shown = '';
    while (LIVE_REPLAY.has(replay.status)) {
      const line = `replay ${id}: ${replay.status} ${replay.progress.done}/${replay.progress.total} turns, ${replay.progress.errors} errored`;
      if (line !== shown) io.stderr(`${line}\n`);
      shown = line;
      await sleep(1000);
      replay = await getReplay(db, project.id, id);
    }
    io.stderr(`replay ${id}: ${replay.status.replace(/_/g, ' ')}; dataset ${replay.datasetId ?? '(none)'}${replay.offScript ? `; ${replay.offScript} conversation(s) off-script` : ''}\n`);
    for (const e of replay.errors) io.stderr(`  conversation ${e.conversation}, turn ${e.turn}: ${e.error}\n`);
    if (replay.status === 'scoring_failed') {
      io.stderr(`turnwise: dataset ${replay.datasetId} was made but is not scored (${replay.error ?? 'scoring it failed'}); score it again with POST /api/v1/replays/${id}/rescore or from the replay's page\n`);
      return 2;
    }
    if (replay.status === 'failed' || replay.status === 'cancelled' || !replay.datasetId) {
      io.stderr(`turnwise: the replay ${replay.status === 'failed' ? `failed: ${replay.error ?? ''}` : 'made no dataset'}\n`);
      return 2;
    }
    if (replay.runId) {
      let run = await getRunStatus(db, project.id, replay.runId);
      while (isLiveRun(run.status)) {
        await sleep(1000);
        run = await getRunStatus(db, project.id, replay.runId);
      }
      io.stderr(`run ${replay.runId}: ${run.status.replace(/_/g, ' ')}\n`);
      if (run.status === 'failed' || run.status === 'cancelled') return 2;
    }
    if (args.compareWith && replay.runId) {
      return await runCompareCommand({ baseline: args.compareWith, candidates: [replay.runId], failOnRegression: true, json: args.json, help: false }, io);
    }
    if (args.json) {
      const text = `${JSON.stringify(replay, null, 2)}\n`;
      if (args.json === '-') io.stdout(text);
      else await import('node:fs/promises').then((fs) => fs.writeFile(args.json!, text));
    }
    return replay.status === 'completed' ? 0 : 1;
  } finally {
    await stopWorkers();
  }
}

/** The `replay` command from its raw arguments. */
export async function runReplay(argv: string[], io: EvalIo): Promise<number> {
  return runReplayCommand(parseReplayArgs(argv), io);
}
