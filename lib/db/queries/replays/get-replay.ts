import type { Db } from '../../db-types';
import { notFound } from '../../not-found';
import { byProject, type ProjectScope } from '../../project-scope';

export const REPLAY_SELECT = {
  id: true,
  sourceDatasetId: true,
  mode: true,
  targetKind: true,
  target: true,
  parameters: true,
  modelVersion: true,
  judge: true,
  evaluate: true,
  status: true,
  totalItems: true,
  doneItems: true,
  errorItems: true,
  offScript: true,
  targetCalls: true,
  judgeCalls: true,
  promptTokens: true,
  completionTokens: true,
  costUsd: true,
  error: true,
  datasetId: true,
  runId: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
  createdById: true,
} as const;

export interface ReplayRow {
  id: string;
  sourceDatasetId: string;
  mode: string;
  targetKind: string;
  target: unknown;
  parameters: unknown;
  modelVersion: string;
  judge: unknown;
  evaluate: unknown;
  status: string;
  totalItems: number;
  doneItems: number;
  errorItems: number;
  offScript: number;
  targetCalls: number;
  judgeCalls: number;
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
  error: string | null;
  datasetId: string | null;
  runId: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  createdById: string | null;
}

/** One replay of a project as stored (ANY_PROJECT: a worker's own); NOT_FOUND when there is none there. */
export async function getReplayRow(db: Db, scope: ProjectScope, id: string): Promise<ReplayRow> {
  const row = await db.replay.findUnique({ where: { id, ...byProject(scope) }, select: REPLAY_SELECT });
  if (!row) throw notFound('Replay', id);
  return row;
}

/** A project's replays (of a dataset, as source or product, when given), newest first. */
export async function listReplayRows(db: Db, projectId: string, options: { take?: number; datasetId?: string } = {}): Promise<ReplayRow[]> {
  return db.replay.findMany({
    where: { projectId, ...(options.datasetId ? { OR: [{ sourceDatasetId: options.datasetId }, { datasetId: options.datasetId }] } : {}) },
    orderBy: { createdAt: 'desc' },
    take: options.take ?? 100,
    select: REPLAY_SELECT,
  });
}

/** The first errored turns of a replay, with where they are. */
export async function listReplayErrors(db: Db, id: string, take = 20): Promise<{ position: number; turnIndex: number; error: string | null; attempts: number }[]> {
  return db.replayTurn.findMany({
    where: { replayId: id, status: 'error' },
    orderBy: [{ position: 'asc' }, { turnIndex: 'asc' }],
    take,
    select: { position: true, turnIndex: true, error: true, attempts: true },
  });
}

/** A simulated-user replay's ended conversations by outcome (on their last exchange's fitReason), and its skipped ones. */
export async function countSimulationOutcomes(db: Db, id: string, take = 20) {
  const [ended, skipped, firstSkipped] = await Promise.all([
    db.replayTurn.groupBy({ by: ['fitReason'], where: { replayId: id, status: 'done', fitReason: { in: ['goal_met', 'goal_failed', 'max_turns'] } }, _count: { _all: true } }),
    db.replayTurn.count({ where: { replayId: id, status: 'skipped' } }),
    db.replayTurn.findMany({ where: { replayId: id, status: 'skipped' }, orderBy: { position: 'asc' }, take, select: { position: true, error: true } }),
  ]);
  const count = (outcome: string) => ended.find((e) => e.fitReason === outcome)?._count._all ?? 0;
  return {
    goalMet: count('goal_met'),
    goalFailed: count('goal_failed'),
    maxTurns: count('max_turns'),
    skipped,
    skippedConversations: firstSkipped.map((s) => ({ conversation: s.position + 1, reason: s.error ?? '' })),
  };
}

/**
 * The first turns of a replay that have extra samples (samples > 1), each with its own reply
 * and its samples: `take` samples at most, in conversation and turn order.
 */
export async function listSampledTurns(db: Db, id: string, take = 500) {
  const samples = await db.replaySample.findMany({
    where: { replayId: id },
    orderBy: [{ position: 'asc' }, { turnIndex: 'asc' }, { sample: 'asc' }],
    take,
    select: { position: true, turnIndex: true, sample: true, content: true, error: true },
  });
  if (samples.length === 0) return [];
  const keys = [...new Map(samples.map((s) => [`${s.position}:${s.turnIndex}`, { position: s.position, turnIndex: s.turnIndex }])).values()];
  const turns = await db.replayTurn.findMany({ where: { replayId: id, status: 'done', OR: keys }, select: { position: true, turnIndex: true, content: true } });
  const own = new Map(turns.map((t) => [`${t.position}:${t.turnIndex}`, t.content ?? '']));
  return keys
    .filter((k) => own.has(`${k.position}:${k.turnIndex}`))
    .map((k) => ({
      ...k,
      content: own.get(`${k.position}:${k.turnIndex}`)!,
      samples: samples.filter((s) => s.position === k.position && s.turnIndex === k.turnIndex).map(({ sample, content, error }) => ({ sample, content, error })),
    }));
}
