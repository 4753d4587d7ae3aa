import type { Db } from '../db/db-types';
import { countSimulationOutcomes, getReplayRow, listReplayErrors, listReplayRows, listSampledTurns, type ReplayRow } from '../db/queries/replays/get-replay';
import { sampleSpread, type SampleSpread } from './sample-spread';

/** A replay as the API answers it and the pages show it. */
export interface ReplayView {
  id: string;
  status: string;
  /** Turns: regenerated (done), errored, and to do in all (total). */
  progress: { done: number; total: number; errors: number };
  sourceDatasetId: string;
  /** The new dataset version, once made. */
  datasetId: string | null;
  /** The evaluation run on it, once started. */
  runId: string | null;
  /** The run it is compared with, when evaluate.compareWith was given. */
  compareWith: string | null;
  mode: string;
  modelVersion: string;
  target: unknown;
  parameters: unknown;
  judge: unknown;
  evaluate: unknown;
  /** Conversations marked "off-script" (on-policy): the next recorded user turn no longer fit. */
  offScript: number;
  targetCalls: number;
  judgeCalls: number;
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface ReplayDetail extends ReplayView {
  /** The first errored turns: conversation position and turn index (from 1), and what went wrong. */
  errors: { conversation: number; turn: number; error: string; attempts: number }[];
  /**
   * Simulated-user mode: how the conversations ended (goal met, failed, or maxTurns reached), and
   * those skipped for want of a scenario, with the first ones' reason; null in the other modes.
   */
  simulation: { goalMet: number; goalFailed: number; maxTurns: number; skipped: number; skippedConversations: { conversation: number; reason: string }[] } | null;
  /**
   * With samples > 1: generations per turn, and how much a turn's samples differ from its own
   * reply over the first sampled turns (they are never scored); null with one sample.
   */
  samples: ({ perTurn: number } & SampleSpread) | null;
}

/** Generations per turn the replay was asked for (parameters.samples; 1 before samples existed). */
export const samplesOf = (parameters: unknown): number => {
  const samples = (parameters as { samples?: unknown } | null)?.samples;
  return typeof samples === 'number' && samples > 1 ? samples : 1;
};

export function replayView(row: ReplayRow): ReplayView {
  const compareWith = (row.evaluate as { compareWith?: string } | null)?.compareWith ?? null;
  return {
    id: row.id,
    status: row.status,
    progress: { done: row.doneItems, total: row.totalItems, errors: row.errorItems },
    sourceDatasetId: row.sourceDatasetId,
    datasetId: row.datasetId,
    runId: row.runId,
    compareWith,
    mode: row.mode,
    modelVersion: row.modelVersion,
    target: row.target,
    parameters: row.parameters,
    judge: row.judge,
    evaluate: row.evaluate,
    offScript: row.offScript,
    targetCalls: row.targetCalls,
    judgeCalls: row.judgeCalls,
    promptTokens: row.promptTokens,
    completionTokens: row.completionTokens,
    costUsd: row.costUsd,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** One replay with its first errored turns; NOT_FOUND when there is none. */
export async function getReplay(db: Db, projectId: string, id: string): Promise<ReplayDetail> {
  const [row, errors] = await Promise.all([getReplayRow(db, projectId, id), listReplayErrors(db, id)]);
  const simulation = row.mode === 'simulated-user' ? await countSimulationOutcomes(db, id) : null;
  const perTurn = samplesOf(row.parameters);
  const samples = perTurn > 1 ? { perTurn, ...sampleSpread(await listSampledTurns(db, id)) } : null;
  return { ...replayView(row), errors: errors.map((e) => ({ conversation: e.position + 1, turn: e.turnIndex + 1, error: e.error ?? '', attempts: e.attempts })), simulation, samples };
}

/** Replays, newest first; `datasetId` keeps those that read or made that dataset. */
export async function listReplays(db: Db, projectId: string, options: { take?: number; datasetId?: string } = {}): Promise<ReplayView[]> {
  return (await listReplayRows(db, projectId, options)).map(replayView);
}
