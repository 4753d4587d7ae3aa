import type { Conversation, Turn } from '../../domain/conversation';
import { runAll } from '../shared/concurrency';
import type { MetricContext } from '../shared/context';
import { segmentExchanges, type Exchange } from '../shared/exchanges';
import type { PipelineOutcome } from '../shared/run-metric';
import { metricClass } from '../shared/metric-class';
import { goalAccuracySteps } from './steps';
import { runStep } from '../shared/run-step';
import { judgeUnit, requireTurns } from '../shared/units';
import { buildGoalPrompt, buildPlanPrompt } from './prompts';
import { goalAccuracyOptionsSchema } from './schema';
import { goalAccuracyScore } from './score';

export { goalAccuracyOptionsSchema, type GoalAccuracyOptions } from './schema';
export { goalAccuracyScore } from './score';

interface InteractionStep {
  exchange: number;
  /** The assistant turn that ends the interaction, 0-based: its verdict sits there. */
  turn: number;
  goal: { score: number; reason: string };
  plan: { score: number; reason: string };
}

/** An assistant reply as the reference lists it among the steps taken, with the tools it called. */
const stepTaken = (turn: Turn): string => (turn.toolsCalled?.length ? `${turn.content}\nTools called: ${JSON.stringify(turn.toolsCalled)}` : turn.content);

async function pipeline(ctx: MetricContext, conversation: Conversation): Promise<PipelineOutcome> {
  requireTurns(conversation);
  const { turns } = conversation;
  const interactions: InteractionStep[] = [];
  ctx.steps.interactions = interactions;

  // Per user–assistant interaction: a goal score and a plan score, two calls as the reference makes.
  await runAll(
    segmentExchanges(turns).map((exchange: Exchange) => async () => {
      const input = { task: exchange.userMessage, stepsTaken: exchange.replyTurns.map((i) => stepTaken(turns[i])) };
      await judgeUnit(ctx, exchange.endTurn, 'the interaction', async () => {
        const [goal, plan] = await Promise.all([
          runStep(ctx, { step: 'goal_accuracy.goal', input, prompt: buildGoalPrompt }),
          runStep(ctx, { step: 'goal_accuracy.plan', input, prompt: buildPlanPrompt }),
        ]);
        interactions.push({ exchange: exchange.index, turn: exchange.endTurn, goal, plan });
        const score = (goal.score + plan.score) / 2;
        // An interaction that costs points (below full marks on either) is a "no".
        ctx.verdicts.push({ turn: exchange.endTurn, verdict: score < 1 ? 'no' : 'yes', score, reason: `Goal ${goal.score}: ${goal.reason} Plan ${plan.score}: ${plan.reason}` });
      });
    }),
    ctx.options.asyncMode,
  );
  interactions.sort((a, b) => a.exchange - b.exchange);

  const describe = (i: InteractionStep) => `Turn ${i.turn + 1}: goal ${i.goal.score} (${i.goal.reason}); plan ${i.plan.score} (${i.plan.reason})`;
  return {
    score: goalAccuracyScore(
      interactions.map((i) => i.goal.score),
      interactions.map((i) => i.plan.score),
    ),
    failing: interactions.filter((i) => i.goal.score < 1 || i.plan.score < 1).map(describe),
    all: interactions.map(describe),
    emptyNote: 'The conversation has no user–assistant interaction, so no goal was achieved (the reference scores it 0).',
  };
}

/** Did each interaction achieve the user's goal with a sound plan (deepeval's GoalAccuracyMetric)? */
export class GoalAccuracyMetric extends metricClass({
  name: 'goal_accuracy',
  options: goalAccuracyOptionsSchema,
  steps: goalAccuracySteps,
  pipeline,
}) {}
