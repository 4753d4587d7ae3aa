import { AppError } from '../../errors';
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

type Handlers = { [S in StepName]: (input: never) => unknown };

const handlers = {
  'knowledge_retention.facts': extractFacts,
  'knowledge_retention.attrition': judgeAttrition,
  'turn_faithfulness.truths': extractTruths,
  'turn_faithfulness.claims': extractClaims,
  'turn_faithfulness.verdicts': judgeClaims,
  'conversation_relevancy.relevance': judgeRelevance,
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
} satisfies Handlers;

/** Validate a step's input against its contract and compute its output. */
export function runStep(step: StepName, input: unknown): unknown {
  if (!Object.hasOwn(handlers, step)) throw new AppError('BAD_INPUT', `Unknown judge step: ${String(step)}`);
  const parsed = stepSchemas[step].input.safeParse(input);
  if (!parsed.success) {
    throw new AppError('BAD_INPUT', `Invalid input for judge step ${step}: ${parsed.error.message}`, { step });
  }
  return (handlers[step] as (i: unknown) => unknown)(parsed.data);
}
