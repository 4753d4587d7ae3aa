import type { Turn } from '../../domain';
import { DEEPEVAL_LIMITS } from '../limits';
import { readGoalAccuracyLog } from './goal-accuracy';
import { readKnowledgeRetentionLog } from './knowledge-retention';
import { readRoleAdherenceLog } from './role-adherence';
import { readToolUseLog } from './tool-use';
import { readTurnContextualLog } from './turn-contextual';
import { readTurnFaithfulnessLog } from './turn-faithfulness';
import { readTurnRelevancyLog } from './turn-relevancy';
import { notRead, type LogReading, type VerboseLogReader } from './types';

export type { LogReading } from './types';

/** The readers of the metrics whose verbose log says which window or turn each verdict is for, by Turnwise's metric name. */
const READERS: Record<string, VerboseLogReader> = {
  knowledge_retention: readKnowledgeRetentionLog,
  conversation_relevancy: readTurnRelevancyLog,
  turn_faithfulness: readTurnFaithfulnessLog,
  turn_contextual_recall: readTurnContextualLog,
  turn_contextual_precision: readTurnContextualLog,
  turn_contextual_relevancy: readTurnContextualLog,
  role_adherence: readRoleAdherenceLog,
  goal_accuracy: readGoalAccuracyLog,
  tool_use: readToolUseLog,
};

/** Metrics whose log holds verdicts that belong to no turn. */
const NO_TURNS: Record<string, string> = {
  conversation_completeness: "deepeval's conversation completeness judges the user's intentions over the whole conversation; its log names no turn",
  topic_adherence: "deepeval's topic adherence log counts true and false positives and negatives without saying which question and answer each is",
};

/** The sentence every result without per-turn verdicts shows, before why. */
export const NO_TURN_VERDICTS = 'No per-turn verdicts in this log';

/**
 * The per-turn verdicts in a deepeval metric's verbose log, in Turnwise's numbering, or why there
 * are none. Never a guess: a log that does not read exactly as the metric writes it, or that
 * does not fit the test case's turns, gives none.
 */
export function readVerboseLog(metric: string, log: string | null | undefined, turns: readonly Turn[]): LogReading {
  if (!log) return notRead('deepeval sent no verbose log');
  if (log.length > DEEPEVAL_LIMITS.logParseChars) return notRead(`the log is longer than ${DEEPEVAL_LIMITS.logParseChars.toLocaleString('en-US')} characters and was not read`);
  const reader = READERS[metric];
  if (!reader) return notRead(NO_TURNS[metric] ?? `deepeval's ${metric} log is not read per turn`);
  return reader(log, turns);
}
