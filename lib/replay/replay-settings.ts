import { z } from 'zod';
import { judgeSelectionSchema, type JudgeSelection } from '../judge/config';
import { DEFAULT_SIMULATED_TURNS, REPLAY_MODES, targetSchema, type ReplayMode, type ReplayTarget } from './replay-request';

/** How a replay is stored, read back by the worker. */
export interface ReplaySettings {
  mode: ReplayMode;
  target: ReplayTarget;
  concurrency: number;
  /** Simulated-user mode: exchanges per conversation at most. */
  maxTurns: number;
  /** Generations per turn: the turn's own and samples - 1 kept apart. */
  samples: number;
  judge: JudgeSelection | null;
  /** Who set the target's URL (its egress policy); an editor for replays stored before it was kept. */
  urlSetBy: 'admin' | 'editor';
}

const parametersSchema = z.object({ concurrency: z.number().int().min(1).default(8), maxTurns: z.number().int().min(1).default(DEFAULT_SIMULATED_TURNS), samples: z.number().int().min(1).default(1), urlSetBy: z.enum(['admin', 'editor']).catch('editor') });

export function replaySettingsOf(row: { mode: string; target: unknown; parameters: unknown; judge: unknown }): ReplaySettings {
  return {
    mode: z.enum(REPLAY_MODES).parse(row.mode),
    target: targetSchema.parse(row.target),
    // z.object drops the other generation parameters.
    ...parametersSchema.parse(row.parameters ?? {}),
    judge: row.judge ? judgeSelectionSchema.parse(row.judge) : null,
  };
}
