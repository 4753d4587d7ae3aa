import type { StepOutput } from '../../judge/steps';
import type { Conversation } from '../../domain/conversation';
import type { MetricResult } from '../../domain/metric-result';
import { AppError } from '../../errors';
import { runAll } from '../shared/concurrency';
import type { MetricContext } from '../shared/context';
import { distinctNonBlank, isBlank } from '../shared/messages';
import type { PipelineOutcome } from '../shared/run-metric';
import { metricClass } from '../shared/metric-class';
import { contextualRecallSteps } from './steps';
import { runStep } from '../shared/run-step';
import { applyStrictMode } from '../shared/threshold';
import { judgeUnit, requireTurns } from '../shared/units';
import { buildAttributionPrompt } from './prompts';
import {
  contextualRecallCaseSchema,
  contextualRecallOptionsSchema,
  type ContextualRecallCase,
} from './schema';
import { contextualRecallScore, turnRecallScore } from './score';

export { contextualRecallOptionsSchema, contextualRecallCaseSchema, type ContextualRecallOptions, type ContextualRecallCase } from './schema';
export { turnRecallScore, contextualRecallScore } from './score';

type Sentence = StepOutput<'contextual_recall.attribution'>['verdicts'][number];
interface TurnStep {
  turn: number;
  expectedOutput: string;
  sentences: Sentence[];
  score: number;
}

function summarise(sentences: Sentence[]): string {
  const missing = sentences.filter((s) => s.verdict === 'no');
  if (missing.length === 0) return `All ${sentences.length} sentences of the expected output are in the retrieval context.`;
  return `${missing.length} of ${sentences.length} sentences are not in the retrieval context: ${missing
    .map((s) => `"${s.sentence}" (${s.reason})`)
    .join('; ')}`;
}

const NOTHING_RETRIEVED = 'The retriever returned nothing for this turn, so none of the expected output can be recalled.';

async function pipeline(ctx: MetricContext, conversation: Conversation): Promise<PipelineOutcome> {
  requireTurns(conversation);
  const strict = ctx.options.strictMode;
  const turns: TurnStep[] = [];
  ctx.steps.sentences = turns;
  const record = (turn: number, expectedOutput: string, sentences: Sentence[], reason: string): void => {
    // Strict mode binarises each turn; the conversation mean is not binarised again.
    const score = applyStrictMode(turnRecallScore(sentences.map((v) => v.verdict)), strict);
    turns.push({ turn, expectedOutput, sentences, score });
    ctx.verdicts.push({ turn, verdict: score === 1 ? 'yes' : 'no', score, reason, subject: expectedOutput });
  };

  // Turns with an expected output and a retrieval context, even an empty one: a retriever that
  // found nothing recalls nothing (score 0, no judge call), as the reference scores it.
  const scored = conversation.turns.flatMap((turn, i) =>
    turn.role === 'assistant' && !isBlank(turn.expectedOutput) && turn.retrievalContext !== undefined
      ? [{ turn: i, expectedOutput: turn.expectedOutput as string, nodes: distinctNonBlank(turn.retrievalContext) }]
      : [],
  );
  await runAll(
    scored.map(({ turn, expectedOutput, nodes }) => async () => {
      if (nodes.length === 0) {
        record(turn, expectedOutput, [], NOTHING_RETRIEVED);
        return;
      }
      await judgeUnit(ctx, turn, 'attribution', async () => {
        const output = await runStep(ctx, {
          step: 'contextual_recall.attribution',
          input: { expectedOutput, retrievalContext: nodes },
          prompt: buildAttributionPrompt,
        });
        record(turn, expectedOutput, output.verdicts, summarise(output.verdicts));
      });
    }),
    ctx.options.asyncMode,
  );
  turns.sort((a, b) => a.turn - b.turn);

  const sentences = turns.flatMap((t) => t.sentences);
  const describe = (s: Sentence) => `"${s.sentence}" (${s.verdict}): ${s.reason}`;
  const empty = turns.filter((t) => t.sentences.length === 0).map((t) => `Turn ${t.turn + 1}: ${NOTHING_RETRIEVED}`);
  return {
    score: contextualRecallScore(turns.map((t) => t.score)),
    failing: [...empty, ...sentences.filter((s) => s.verdict === 'no').map(describe)],
    all: [...empty, ...sentences.map(describe)],
    emptyNote: 'No assistant turn has both an expected output and a retrieval context, so there was nothing to recall.',
    strictPerUnit: true,
  };
}

/** Can the expected answer be found in what was retrieved (deepeval's ContextualRecallMetric)? */
export class ContextualRecallMetric extends metricClass({
  name: 'contextual_recall',
  options: contextualRecallOptionsSchema,
  steps: contextualRecallSteps,
  pipeline,
}) {
  /** One single-turn case; its verdicts belong to turn 1 (the answer after the input). */
  async measureCase(testCase: ContextualRecallCase): Promise<MetricResult> {
    const parsed = contextualRecallCaseSchema.safeParse(testCase);
    if (!parsed.success) throw new AppError('BAD_INPUT', `Invalid contextual recall case: ${parsed.error.message}`);
    const { input, actualOutput, expectedOutput, retrievalContext } = parsed.data;
    return this.measure({
      turns: [
        { role: 'user', content: input },
        { role: 'assistant', content: actualOutput, expectedOutput, retrievalContext },
      ],
    });
  }
}
