import { describe, expect, it } from 'vitest';
import { createScriptedJudge, type ScriptedHandlers } from '../../judge/scripted-judge';
import type { StepInput } from '../../judge/steps';
import { assistant, user } from '../testing/conversations';
import type { Conversation } from '../../domain/conversation';
import { GoalAccuracyMetric } from './index';
import { goalAccuracyScore } from './score';

// Three interactions; the second (turns 3–4) misses half its task, the third is fine: the
// interaction that costs points is not the last.
const trip: Conversation = {
  turns: [
    user("Translate 'good night' into French."),
    assistant('Bonne nuit.'),
    user('Give me the exchange rate of EUR to USD and the time in Paris.'),
    assistant('1 EUR is about 1.08 USD.'),
    user('Thanks. How do I say thank you?'),
    assistant('Merci.'),
  ],
};

const shortWeather: Conversation = {
  turns: [user('What is the weather in Lisbon tomorrow, and should I bring an umbrella?'), assistant('Sunny, 24 °C.')],
};

type Input = StepInput<'goal_accuracy.goal'>;
const goal = (input: Input) => (/exchange rate|umbrella/.test(input.task) ? { score: 0.5, reason: 'one part of the task is missing' } : { score: 1, reason: 'fully achieved' });
const plan = (input: Input) => (/exchange rate/.test(input.task) ? { score: 0.75, reason: 'skips a planned step' } : { score: 1, reason: 'plan followed' });
const handlers: ScriptedHandlers = { 'goal_accuracy.goal': goal, 'goal_accuracy.plan': plan, reason: (input) => ({ reason: input.reasons.join(' | ') }) };

describe('GoalAccuracyMetric', () => {
  it('scores (mean goal + mean plan) ÷ 2, with a "no" on turn 4, the interaction that cost points', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new GoalAccuracyMetric(judge).measure(trip);
    // goals 1, 0.5, 1 → 2.5/3; plans 1, 0.75, 1 → 2.75/3; (2.5/3 + 2.75/3) / 2 = 0.875
    expect(result.score).toBeCloseTo(0.875);
    expect(result.verdicts.map((v) => [v.turn + 1, v.verdict, v.score])).toEqual([
      [2, 'yes', 1],
      [4, 'no', 0.625],
      [6, 'yes', 1],
    ]);
    expect(judge.callsTo('goal_accuracy.goal').map((c) => c.task)).toEqual([trip.turns[0].content, trip.turns[2].content, trip.turns[4].content]);
    expect(judge.callsTo('goal_accuracy.goal')[1].stepsTaken).toEqual(['1 EUR is about 1.08 USD.']);
    // deepeval's calls: a goal and a plan call per interaction, then the reason.
    expect(result.usage.calls).toBe(3 * 2 + 1);
    expect(result.reason).toBe('Turn 4: goal 0.5 (one part of the task is missing); plan 0.75 (skips a planned step)');
  });

  it('sends the user’s message as the goal of an interaction that opens with a greeting (the reference sends an empty goal), the greeting not among the steps', async () => {
    const judge = createScriptedJudge(handlers);
    await new GoalAccuracyMetric(judge, { includeReason: false }).measure({ turns: [assistant('Hi! How can I help?'), ...shortWeather.turns] });
    expect(judge.callsTo('goal_accuracy.goal')).toEqual([{ task: shortWeather.turns[0].content, stepsTaken: ['Sunny, 24 °C.'] }]);
  });

  it('scores a one-interaction conversation that half achieves its goal 0.75, failing under threshold 0.8', async () => {
    const result = await new GoalAccuracyMetric(createScriptedJudge(handlers), { threshold: 0.8, includeReason: false }).measure(shortWeather);
    expect(result).toMatchObject({ score: 0.75, success: false });
    expect(result.verdicts.map((v) => [v.turn + 1, v.verdict])).toEqual([[2, 'no']]);
  });

  it('applies strict mode as the reference, and scores 0 without an interaction as the reference does', async () => {
    expect(await new GoalAccuracyMetric(createScriptedJudge(handlers), { strictMode: true, includeReason: false }).measure(trip)).toMatchObject({ score: 0, threshold: 1 });
    const judge = createScriptedJudge(handlers);
    expect((await new GoalAccuracyMetric(judge).measure({ turns: [user('Hello?')] })).score).toBe(0);
    expect(judge.calls).toHaveLength(0);
  });

  it('shows the tools an assistant turn called among the steps taken', async () => {
    const judge = createScriptedJudge(handlers);
    await new GoalAccuracyMetric(judge, { includeReason: false }).measure({ turns: [user('Book it'), assistant('Booked.', { toolsCalled: [{ name: 'book_flight' }] })] });
    expect(judge.callsTo('goal_accuracy.plan')[0].stepsTaken).toEqual(['Booked.\nTools called: [{"name":"book_flight"}]']);
  });

  it('asks for a score on the reference scale only: 0.6 fails validation', async () => {
    const judge = createScriptedJudge({ ...handlers, 'goal_accuracy.goal': () => ({ score: 0.6, reason: '' }) });
    const result = await new GoalAccuracyMetric(judge, { includeReason: false }).measure(shortWeather);
    expect(result.score).toBeNull();
  });
});

describe('goalAccuracyScore', () => {
  it('is the mean of the goal and plan means, each 0 with none', () => {
    expect(goalAccuracyScore([], [])).toBe(0);
    expect(goalAccuracyScore([1, 0.5], [1, 1])).toBe(0.875);
  });
});
