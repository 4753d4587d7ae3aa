import { AppError } from '../../errors';
import { OFFLINE_PREFIX } from './reason-prefix';
import { stepSchemas, type StepInput, type StepName } from '../steps';
import { judgeAttrition } from './steps/attrition';
import { attributeSentences } from './steps/attribution';
import { extractClaims } from './steps/claims';
import { judgeCoverage } from './steps/coverage';
import { extractFacts } from './steps/facts';
import { explainScore } from './steps/reason';
import { judgeGEvalConversation, judgeGEvalTurn, writeGEvalSteps } from './steps/g-eval';
import { judgeRelevance } from './steps/relevance';
import { judgeNodeUsefulness, judgeStatementRelevance } from './steps/retrieval-relevance';
import { extractTruths } from './steps/truths';
import { judgeClaims } from './steps/verdicts';
import type { RelevanceModel } from './model/relevance-model';

type Handlers = { [S in Exclude<StepName, LlmOnlyStep>]: (input: never, models: OfflineModels) => unknown };

/** Fitted models the rules consult; the shipped ones unless a bench fits its own on other folds. */
export interface OfflineModels {
  relevance?: RelevanceModel;
}

/**
 * Steps of metrics that need an LLM judge (descriptor needsLlmJudge): a run refuses them on the offline judge before it starts.
 * The simulated user of a replay too: a replay refuses the offline judge for that mode.
 */
export type LlmOnlyStep = 'role_adherence.verdicts' | 'conversation_completeness.intentions' | 'conversation_completeness.verdict' | 'goal_accuracy.goal' | 'goal_accuracy.plan' | 'topic_adherence.qa_pairs' | 'topic_adherence.verdict' | 'tool_use.selection' | 'tool_use.arguments' | 'replay.simulate_user';

const handlers = {
  'knowledge_retention.facts': extractFacts,
  'knowledge_retention.attrition': judgeAttrition,
  'turn_faithfulness.truths': extractTruths,
  'turn_faithfulness.claims': extractClaims,
  'turn_faithfulness.verdicts': (input: StepInput<'turn_faithfulness.verdicts'>) => judgeClaims(input),
  'conversation_relevancy.relevance': (input: StepInput<'conversation_relevancy.relevance'>, models: OfflineModels) => judgeRelevance(input, models.relevance),
  'contextual_recall.attribution': attributeSentences,
  'context_coverage.coverage': judgeCoverage,
  // The same attribution rule as contextual recall, on the conversation's expected outcome.
  'turn_contextual_recall.attribution': (input: StepInput<'turn_contextual_recall.attribution'>) =>
    attributeSentences({ expectedOutput: input.expectedOutcome, retrievalContext: input.retrievalContext }),
  'turn_contextual_precision.verdicts': judgeNodeUsefulness,
  'turn_contextual_relevancy.statements': judgeStatementRelevance,
  'g_eval.steps': writeGEvalSteps,
  'g_eval.conversation': judgeGEvalConversation,
  'g_eval.turn': judgeGEvalTurn,
  reason: explainScore,
  // The offline judge cannot tell whether a conversation went off script; replays refuse it for on-policy mode.
  'replay.fit': () => ({ fits: 'yes', reason: OFFLINE_PREFIX + 'not checked: the offline judge does not judge whether a user turn still fits' }),
} satisfies Handlers;

/** Whether the offline judge has a rule for a step. */
export const offlineServes = (step: string): boolean => Object.hasOwn(handlers, step);

/** Validate a step's input against its contract and compute its output. */
export function runStep(step: StepName, input: unknown, models: OfflineModels = {}): unknown {
  if (!Object.hasOwn(handlers, step)) throw new AppError('BAD_INPUT', `The offline judge has no rule for judge step ${String(step)}: its metric needs an LLM judge.`);
  const parsed = stepSchemas[step].input.safeParse(input);
  if (!parsed.success) {
    throw new AppError('BAD_INPUT', `Invalid input for judge step ${step}: ${parsed.error.message}`, { step });
  }
  return (handlers[step as keyof typeof handlers] as (i: unknown, m: OfflineModels) => unknown)(parsed.data, models);
}
