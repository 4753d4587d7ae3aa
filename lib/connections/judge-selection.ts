import { loadJudgeConfigWithConnections } from './judge-config-with-connections';
import { createPrismaJudgeCache } from '../db/queries/judge-cache';
import type { Db } from '../db/db-types';
import { AppError } from '../errors';
import { createJudge, listJudges, loadJudgeConfig, OFFLINE_JUDGE_NAME, type JudgeConfig, type JudgeSelection } from '../judge/config';
import type { Judge } from '../judge/types';

/** The judge a run is scored by, as stored on the run. */
export interface RunJudge {
  judgeKind: 'offline' | 'openai';
  /** The configured judge's name; null for the offline judge. */
  judgeName: string | null;
  judgeModel: string;
}

/**
 * Checks a selection against the judges configured on this server: the judge must exist
 * and have its key, and the model must be one it offers. The browser only ever names a
 * judge and a model; keys and URLs never leave the server.
 */
export function resolveRunJudge(selection: JudgeSelection, config: JudgeConfig): RunJudge {
  const judges = listJudges(config);
  if (selection.kind === 'offline') {
    const offline = judges.find((j) => j.kind === 'offline');
    return { judgeKind: 'offline', judgeName: null, judgeModel: offline?.defaultModel ?? OFFLINE_JUDGE_NAME };
  }
  const name = selection.name ?? 'openai';
  const judge = judges.find((j) => j.kind === 'openai' && j.name === name);
  if (!judge) throw new AppError('BAD_INPUT', `No judge named "${name}" is configured on this server`, { field: 'judge' });
  if (!judge.available) throw new AppError('BAD_INPUT', `Judge "${name}" has no API key configured on this server`, { field: 'judge' });
  const model = selection.model ?? judge.defaultModel;
  if (!judge.models.includes(model)) {
    throw new AppError('BAD_INPUT', `Judge "${name}" does not offer model "${model}"`, { field: 'judge' });
  }
  return { judgeKind: 'openai', judgeName: judge.name, judgeModel: model };
}

export function judgeSelectionOf(run: RunJudge): JudgeSelection {
  return run.judgeKind === 'offline' ? { kind: 'offline' } : { kind: 'openai', name: run.judgeName ?? undefined, model: run.judgeModel };
}

/**
 * The judge that executes a run, from this process's configuration: replies of
 * OpenAI-compatible judges go through the database cache, so a request asked again (a
 * resumed item, a rerun) costs nothing. Judges come from the environment and from the
 * connections the run's project stored in the database. `deferCacheWrites`: the caller flushes
 * the judge when its work ends (createJudge).
 */
export async function createRunJudge(
  db: Db,
  projectId: string,
  run: { judgeKind: string; judgeName: string | null; judgeModel: string; concurrency: number },
  env: Record<string, string | undefined>,
  { deferCacheWrites = false }: { deferCacheWrites?: boolean } = {},
): Promise<Judge> {
  const judgeKind = run.judgeKind === 'offline' ? 'offline' : 'openai';
  return createSelectedJudge(db, projectId, judgeSelectionOf({ ...run, judgeKind }), env, run.concurrency, { deferCacheWrites });
}

/**
 * The judge a selection names, with `concurrency` requests in flight, its replies through the
 * database cache (a replay's fit checks and simulated users). Built once per run, replay or
 * online pass and handed down: it reads the configuration and decrypts the stored keys.
 * `deferCacheWrites`: the caller flushes the judge when its work ends (createJudge).
 */
export async function createSelectedJudge(
  db: Db,
  projectId: string,
  selection: JudgeSelection,
  env: Record<string, string | undefined>,
  concurrency: number,
  { deferCacheWrites = false }: { deferCacheWrites?: boolean } = {},
): Promise<Judge> {
  const config = selection.kind === 'offline' ? loadJudgeConfig(env) : await loadJudgeConfigWithConnections(db, projectId, env);
  return createJudge(selection, config, { cache: createPrismaJudgeCache(db), concurrency, deferCacheWrites });
}
