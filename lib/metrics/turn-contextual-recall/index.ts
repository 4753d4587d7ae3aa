import type { StepOutput } from '../../judge/steps';
import { AppError } from '../../errors';
import type { Conversation } from '../../domain/conversation';
import type { MetricContext } from '../shared/context';
import { isBlank } from '../shared/messages';
import { judgeByKey } from '../shared/judge-by-key';
import { retrievalWindows } from '../shared/retrieval-windows';
import type { PipelineOutcome } from '../shared/run-metric';
import { metricClass } from '../shared/metric-class';
import { turnContextualRecallSteps } from './steps';
import { runStep } from '../shared/run-step';
import { recordUnitError, requireTurns, turnLabel } from '../shared/units';
import { buildWindowAttributionPrompt } from './prompts';
import {
  turnContextualRecallOptionsSchema,
  type ParsedTurnContextualRecallOptions,
} from './schema';
import { turnContextualRecallScore, windowRecallScore } from './score';

export { turnContextualRecallOptionsSchema, type TurnContextualRecallOptions } from './schema';
export { windowRecallScore, turnContextualRecallScore } from './score';

type Sentence = StepOutput<'turn_contextual_recall.attribution'>['verdicts'][number];

interface WindowStep {
  exchange: number;
  /** 0-based index of the assistant turn that ends the window. */
  turn: number;
  exchanges: [number, number];
  retrievalContext: string[];
  sentences: Sentence[];
  /** null when the judge failed on the window (see error). */
  score: number | null;
  error?: string;
}

const NO_RETRIEVAL = 'No turn of this window carries a retrieval context to recall the expected outcome from; the window scores 1 by the reference rule.';
const RETRIEVED_NOTHING = 'The retriever returned nothing in this window, so none of the expected outcome can be recalled.';

function summarise(sentences: Sentence[]): string {
  const missing = sentences.filter((s) => s.verdict === 'no');
  if (missing.length === 0) return `All ${sentences.length} sentences of the expected outcome are in this window's retrieval context.`;
  return `${missing.length} of ${sentences.length} sentences of the expected outcome are not in this window's retrieval context: ${missing
    .map((s) => `"${s.sentence}" (${s.reason})`)
    .join('; ')}`;
}

/**
 * deepeval's TurnContextualRecallMetric: for each exchange window, the sentences of the
 * conversation's expected outcome are attributed to the retrieval context of the window's
 * assistant turns; a window without retrieval context scores 1 without a call; the score is
 * the mean of window scores. Windows with the same retrieval context share one judge call.
 */
async function pipeline(ctx: MetricContext, conversation: Conversation, options: ParsedTurnContextualRecallOptions): Promise<PipelineOutcome> {
  requireTurns(conversation);
  const expectedOutcome = conversation.expectedOutcome;
  if (isBlank(expectedOutcome)) {
    // deepeval raises MissingTestCaseParamsError: the metric means nothing without an expected outcome.
    throw new AppError('BAD_INPUT', "turn_contextual_recall needs the conversation's expected_outcome, and this conversation has none.");
  }
  const outcome = expectedOutcome as string;
  const windows = retrievalWindows(conversation.turns, options.windowSize).map((w) => ({ ...w, key: JSON.stringify(w.distinct) }));
  const pending = new Map(windows.filter((w) => w.distinct.length > 0).map((w) => [w.key, w.distinct]));
  const { results: byKey, failed } = await judgeByKey(
    new Map(
      [...pending].map(([key, nodes]) => [
        key,
        async () =>
          (
            await runStep(ctx, {
              step: 'turn_contextual_recall.attribution',
              input: { expectedOutcome: outcome, retrievalContext: nodes },
              prompt: buildWindowAttributionPrompt,
            })
          ).verdicts,
      ]),
    ),
    options.asyncMode,
  );

  const steps: WindowStep[] = [];
  for (const w of windows) {
    const base = { exchange: w.end.index, turn: w.end.endTurn, exchanges: w.exchanges, retrievalContext: w.distinct };
    const error = failed.get(w.key);
    if (error) {
      steps.push({ ...base, sentences: [], score: null, error });
      recordUnitError(ctx, w.end.endTurn, `the window of exchanges ${base.exchanges[0] + 1}–${base.exchanges[1] + 1}`, error);
      continue;
    }
    const sentences = w.distinct.length === 0 ? [] : (byKey.get(w.key) ?? []);
    const score = w.retrievedNothing ? 0 : windowRecallScore(sentences.map((s) => s.verdict), options.strictMode);
    steps.push({ ...base, sentences, score });
    ctx.verdicts.push({
      turn: w.end.endTurn,
      verdict: score === 1 ? 'yes' : 'no',
      score,
      reason: w.retrievedNothing ? RETRIEVED_NOTHING : w.distinct.length === 0 ? NO_RETRIEVAL : summarise(sentences),
      subject: outcome,
    });
  }
  ctx.steps.windows = steps;

  const judged = steps.filter((s): s is WindowStep & { score: number } => s.score !== null);
  const sentences = judged.flatMap((s) => s.sentences);
  const describe = (s: Sentence) => `"${s.sentence}" (${s.verdict}): ${s.reason}`;
  const empty = windows.filter((w) => w.retrievedNothing).map((w) => `${turnLabel(w.end.endTurn)}: ${RETRIEVED_NOTHING}`);
  return {
    score: turnContextualRecallScore(judged.map((s) => s.score)),
    failing: [...empty, ...new Set(sentences.filter((s) => s.verdict === 'no').map(describe))],
    all: [...empty, ...new Set(sentences.map(describe))],
    emptyNote: 'No window had retrieval context to recall the expected outcome from.',
    strictPerUnit: true,
  };
}

/** Is the conversation's expected outcome found in what was retrieved, window by window (deepeval's TurnContextualRecallMetric)? */
export class TurnContextualRecallMetric extends metricClass({
  name: 'turn_contextual_recall',
  options: turnContextualRecallOptionsSchema,
  steps: turnContextualRecallSteps,
  pipeline: (ctx, conversation, options) => pipeline(ctx, conversation, options),
}) {}
