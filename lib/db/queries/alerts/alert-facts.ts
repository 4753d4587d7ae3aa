import type { Db } from '../../db-types';

/*
 * What the alerts worker reads to judge a condition: a closed run and the run before it, an
 * ended replay, an online rule's latest scores, the day's judge spend, ingest since a failure.
 */

export interface RunFacts {
  id: string;
  /** The run's project: only its alert rules look at it. */
  projectId: string;
  status: string;
  error: string | null;
  summary: unknown;
  metricSettings: unknown;
  createdAt: Date;
  modelVersion: string | null;
  datasetId: string;
  datasetName: string;
  /** Set on the runs online rules score into (their alerts are the online rule's). */
  onlineRuleId: string | null;
  /** The dataset it belongs with: its own, or the one a replay made it from. */
  familyId: string;
  familyName: string;
}

// across projects: the alerts worker reads the run a signal names, then only that run's project's rules look at it.
export async function getRunFacts(db: Db, runId: string): Promise<RunFacts | null> {
  const run = await db.run.findUnique({
    where: { id: runId },
    select: {
      id: true,
      projectId: true,
      status: true,
      error: true,
      summary: true,
      metricSettings: true,
      createdAt: true,
      modelVersion: true,
      datasetId: true,
      dataset: { select: { name: true, onlineRuleId: true, producedBy: { take: 1, orderBy: { createdAt: 'asc' }, select: { sourceDatasetId: true, sourceDataset: { select: { name: true } } } } } },
    },
  });
  if (!run) return null;
  const source = run.dataset.producedBy[0];
  return {
    id: run.id,
    projectId: run.projectId,
    status: run.status,
    error: run.error,
    summary: run.summary,
    metricSettings: run.metricSettings,
    createdAt: run.createdAt,
    modelVersion: run.modelVersion,
    datasetId: run.datasetId,
    datasetName: run.dataset.name,
    onlineRuleId: run.dataset.onlineRuleId,
    familyId: source?.sourceDatasetId ?? run.datasetId,
    familyName: source?.sourceDataset.name ?? run.dataset.name,
  };
}

/**
 * The closed runs before `before` on a dataset and on the versions replays made of it, newest
 * first: the candidates for a run's baseline.
 */
export const listEarlierRuns = (db: Db, projectId: string, familyId: string, before: Date, excludeId: string, take = 20): Promise<{ id: string; metricSettings: unknown }[]> =>
  db.run.findMany({
    where: {
      projectId,
      id: { not: excludeId },
      status: { in: ['completed', 'completed_with_errors'] },
      createdAt: { lt: before },
      OR: [{ datasetId: familyId }, { dataset: { producedBy: { some: { sourceDatasetId: familyId } } } }],
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take,
    select: { id: true, metricSettings: true },
  });

// across projects: the replay a signal names; only its project's rules look at it.
export const getReplayFacts = (db: Db, replayId: string) =>
  db.replay.findUnique({ where: { id: replayId }, select: { id: true, projectId: true, status: true, error: true, modelVersion: true, sourceDatasetId: true, sourceDataset: { select: { name: true } } } });

/** One scored conversation of a window: its run, the copy scored, and whether the metric passed (null: it errored or was not scored). */
export interface WindowScore {
  runId: string;
  conversationId: string;
  passed: boolean | null;
  createdAt: Date;
}

const CHUNK = 500;

/**
 * An online rule's current scores (not superseded), newest first: the last `take`, or those
 * since `since`, with the metric's outcome on each.
 */
export async function listWindowScores(db: Db, ruleId: string, metric: string, window: { take: number } | { since: Date; take: number }): Promise<WindowScore[]> {
  const scores = await db.onlineScore.findMany({
    where: { ruleId, supersededAt: null, ...('since' in window ? { createdAt: { gte: window.since } } : {}) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: window.take,
    select: { runId: true, conversationId: true, createdAt: true },
  });
  const outcome = new Map<string, boolean | null>();
  for (let i = 0; i < scores.length; i += CHUNK) {
    const part = scores.slice(i, i + CHUNK);
    const results = await db.result.findMany({
      where: { metric, runId: { in: [...new Set(part.map((s) => s.runId))] }, conversationId: { in: part.map((s) => s.conversationId) } },
      select: { runId: true, conversationId: true, success: true, error: true },
    });
    for (const r of results) outcome.set(`${r.runId}\n${r.conversationId}`, r.error === null ? r.success : null);
  }
  return scores.map((s) => ({ ...s, passed: outcome.get(`${s.runId}\n${s.conversationId}`) ?? null }));
}

/** The first turn a metric judged "no" in a scored conversation, or null. */
export async function firstFailingTurn(db: Db, runId: string, conversationId: string, metric: string): Promise<number | null> {
  const verdict = await db.turnVerdict.findFirst({ where: { runId, conversationId, metric, verdict: 'no' }, orderBy: { turnIndex: 'asc' }, select: { turnIndex: true } });
  return verdict?.turnIndex ?? null;
}

/** What the runs started since `since` spent on their judges: what their stored results cost, or what was answered so far when more. */
export async function judgeSpendSince(db: Db, projectId: string, since: Date): Promise<number> {
  const agg = await db.run.aggregate({ where: { projectId, createdAt: { gte: since } }, _sum: { costUsd: true, judgeCostSent: true } });
  return Math.max(agg._sum.costUsd ?? 0, agg._sum.judgeCostSent ?? 0);
}

/** Whether a batch received for the project was ingested without error after `since`. */
export async function batchIngestedSince(db: Db, projectId: string, since: Date): Promise<boolean> {
  return (await db.otlpBatch.count({ where: { projectId, processedAt: { gt: since }, error: null }, take: 1 })) > 0;
}

/** A run as a list to choose from names it: "2026-11-29 08:42 · Support · bot-v1". */
export const runLabelOf = (run: { createdAt: Date; modelVersion: string | null; dataset: { name: string } }): string =>
  `${run.createdAt.toISOString().slice(0, 16).replace('T', ' ')} · ${run.dataset.name}${run.modelVersion ? ` · ${run.modelVersion}` : ''}`;

/** A run as a sentence that already names its dataset names it: "2026-11-29 08:42 · bot-v1". */
const runShortLabelOf = (run: { createdAt: Date; modelVersion: string | null }): string =>
  `${run.createdAt.toISOString().slice(0, 16).replace('T', ' ')}${run.modelVersion ? ` · ${run.modelVersion}` : ''}`;

/** Names of datasets, online rules and runs by id (what an alert and a rule's sentence call them). */
export async function namesOf(
  db: Db,
  projectId: string,
  ids: { datasets?: readonly string[]; onlineRules?: readonly string[]; runs?: readonly string[] },
): Promise<{ datasets: Map<string, string>; onlineRules: Map<string, string>; runs: Map<string, string> }> {
  const [datasets, rules, runs] = await Promise.all([
    ids.datasets?.length ? db.dataset.findMany({ where: { projectId, id: { in: [...ids.datasets] } }, select: { id: true, name: true } }) : [],
    ids.onlineRules?.length ? db.onlineRule.findMany({ where: { projectId, id: { in: [...ids.onlineRules] } }, select: { id: true, name: true } }) : [],
    ids.runs?.length ? db.run.findMany({ where: { projectId, id: { in: [...ids.runs] } }, select: { id: true, createdAt: true, modelVersion: true } }) : [],
  ]);
  return { datasets: new Map(datasets.map((d) => [d.id, d.name])), onlineRules: new Map(rules.map((r) => [r.id, r.name])), runs: new Map(runs.map((r) => [r.id, runShortLabelOf(r)])) };
}

/** The datasets a rule may watch (uploaded and replayed ones, not the online rules' own), newest first. */
export const listAlertableDatasets = (db: Db, projectId: string, take = 500): Promise<{ id: string; name: string }[]> =>
  db.dataset.findMany({ where: { projectId, importing: false, onlineRuleId: null, producedBy: { none: {} } }, orderBy: { createdAt: 'desc' }, take, select: { id: true, name: true } });

export const datasetExists = async (db: Db, projectId: string, id: string): Promise<boolean> => (await db.dataset.count({ where: { projectId, id } })) > 0;

export const getRunForBaseline = (db: Db, projectId: string, id: string) => db.run.findUnique({ where: { id, projectId }, select: { id: true, status: true } });

/** Recent completed runs a rule can pin as its baseline, with the dataset they belong with (a replay's version counts as its source). */
export async function listBaselineCandidates(db: Db, projectId: string, take = 100): Promise<{ id: string; datasetId: string; label: string }[]> {
  const runs = await db.run.findMany({
    where: { projectId, status: { in: ['completed', 'completed_with_errors'] }, dataset: { onlineRuleId: null } },
    orderBy: { createdAt: 'desc' },
    take,
    select: { id: true, modelVersion: true, createdAt: true, datasetId: true, dataset: { select: { name: true, producedBy: { take: 1, select: { sourceDatasetId: true } } } } },
  });
  return runs.map((r) => ({ id: r.id, datasetId: r.dataset.producedBy[0]?.sourceDatasetId ?? r.datasetId, label: runLabelOf(r) }));
}
