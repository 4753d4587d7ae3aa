import { type Fact, knowledgeRetentionSteps } from './steps';
import type { Conversation } from '../../domain/conversation';
import { runAll } from '../shared/concurrency';
import type { MetricContext } from '../shared/context';
import { isBlank, toStepMessages } from '../shared/messages';
import type { PipelineOutcome } from '../shared/run-metric';
import { metricClass } from '../shared/metric-class';
import { runStep } from '../shared/run-step';
import { errorText, failsTheMetric, judgeUnit, recordUnitError, requireTurns } from '../shared/units';
import { buildAttritionPrompt, buildFactsPrompt } from './prompts';
import { knowledgeRetentionOptionsSchema } from './schema';
import { knowledgeRetentionScore } from './score';

export { knowledgeRetentionOptionsSchema, type KnowledgeRetentionOptions } from './schema';
export { knowledgeRetentionScore } from './score';

interface FactsStep {
  turn: number;
  facts: Fact[];
}
interface AttritionStep {
  turn: number;
  attrition: 'yes' | 'no';
  reason: string;
}

const keepStatedFacts = (facts: Fact[]): Fact[] =>
  facts
    .map((f) => ({ key: f.key, values: f.values.filter((v) => !isBlank(v)) }))
    .filter((f) => !isBlank(f.key) && f.values.length > 0);

async function pipeline(ctx: MetricContext, conversation: Conversation): Promise<PipelineOutcome> {
  requireTurns(conversation);
  const { turns } = conversation;
  const concurrent = ctx.options.asyncMode;
  const lastAssistant = turns.map((t) => t.role).lastIndexOf('assistant');

  // 1. Facts of every user turn that some assistant turn answers later; a trailing user
  //    turn (or an empty message) cannot feed a verdict, so it is not sent.
  const facts: FactsStep[] = [];
  const failedFacts = new Map<number, string>();
  ctx.steps.facts = facts;
  const userTurns = turns.flatMap((t, i) => (t.role === 'user' && i < lastAssistant && !isBlank(t.content) ? [i] : []));
  await runAll(
    userTurns.map((i) => async () => {
      try {
        const output = await runStep(ctx, {
          step: 'knowledge_retention.facts',
          input: { message: turns[i].content, previousTurns: toStepMessages(turns.slice(0, i)) },
          prompt: buildFactsPrompt,
        });
        facts.push({ turn: i, facts: keepStatedFacts(output.facts) });
      } catch (error) {
        if (failsTheMetric(error)) throw error;
        failedFacts.set(i, errorText(error));
      }
    }),
    concurrent,
  );
  facts.sort((a, b) => a.turn - b.turn);

  // 2. Attrition verdicts for assistant turns with at least one non-empty fact map before them;
  //    earlier maps go unmerged so a correction sits beside the old value. A turn after a user
  //    turn whose facts could not be extracted cannot be judged fairly, so it is left unjudged.
  const known = facts.filter((f) => f.facts.length > 0);
  const before = (i: number) => (turn: number) => turn < i;
  const judged = turns.flatMap((t, i) =>
    t.role === 'assistant' && (known.some((f) => f.turn < i) || [...failedFacts.keys()].some(before(i))) ? [i] : [],
  );
  const attrition: AttritionStep[] = [];
  ctx.steps.attrition = attrition;
  await runAll(
    judged.map((i) => async () => {
      const missing = [...failedFacts].find(([turn]) => turn < i);
      if (missing) {
        recordUnitError(ctx, i, 'attrition', `the facts of turn ${missing[0] + 1} could not be extracted: ${missing[1]}`);
        return;
      }
      await judgeUnit(ctx, i, 'attrition', async () => {
        const output = await runStep(ctx, {
          step: 'knowledge_retention.attrition',
          input: {
            message: turns[i].content,
            previousTurns: toStepMessages(turns.slice(0, i)),
            // The judge counts turns as the page does, from 1.
            knowledge: known.filter((f) => f.turn < i).map((f) => ({ turn: f.turn + 1, facts: f.facts })),
          },
          prompt: buildAttritionPrompt,
        });
        attrition.push({ turn: i, ...output });
        ctx.verdicts.push({ turn: i, verdict: output.attrition === 'yes' ? 'no' : 'yes', reason: output.reason });
      });
    }),
    concurrent,
  );
  attrition.sort((a, b) => a.turn - b.turn);

  return {
    score: knowledgeRetentionScore(attrition.map((a) => a.attrition)),
    failing: attrition.filter((a) => a.attrition === 'yes').map((a) => a.reason),
    all: attrition.map((a) => a.reason),
    emptyNote: 'No assistant turn came after a user turn stating facts, so there was no knowledge to retain.',
  };
}

/** Does the assistant keep what the user told it (deepeval's KnowledgeRetentionMetric)? */
export class KnowledgeRetentionMetric extends metricClass({
  name: 'knowledge_retention',
  options: knowledgeRetentionOptionsSchema,
  steps: knowledgeRetentionSteps,
  pipeline,
}) {}
