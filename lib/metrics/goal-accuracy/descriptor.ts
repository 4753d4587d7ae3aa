import { z } from 'zod';
import { defineMetric } from '../shared/descriptor';
import { goalAccuracySteps } from './steps';
import { segmentExchanges } from '../shared/exchanges';
import { group } from '../shared/steps-view';
import { GoalAccuracyMetric } from './index';
import { goalAccuracyOptionsSchema } from './schema';

const scored = z.object({ score: z.number(), reason: z.string() });
const stored = z.object({
  interactions: z.array(z.object({ exchange: z.number(), turn: z.number(), goal: scored, plan: scored })).default([]),
});

export const goalAccuracy = defineMetric({
  name: 'goal_accuracy',
  label: 'Goal accuracy',
  needs: 'user and assistant turns',
  applies: () => true,
  needsLlmJudge: true,
  options: goalAccuracyOptionsSchema,
  steps: goalAccuracySteps,
  create: (judge, options) => new GoalAccuracyMetric(judge, options),
  // deepeval: a goal call and a plan call per unit interaction (goal_accuracy.py:150-167).
  referenceCalls: ({ turns }) => 2 * segmentExchanges(turns).length,
  view: (steps) => {
    const parsed = stored.safeParse(steps ?? {});
    if (!parsed.success) return null;
    const { interactions } = parsed.data;
    return [
      {
        title: 'Goal and plan of each interaction',
        empty: 'No user–assistant interaction to judge.',
        groups: interactions.map((i) =>
          group(
            i.exchange,
            [
              {
                kind: 'verdicts',
                items: [
                  { key: 'goal', subject: `Goal achieved: ${i.goal.score}`, verdict: i.goal.score < 1 ? 'no' : 'yes', reason: i.goal.reason },
                  { key: 'plan', subject: `Plan followed: ${i.plan.score}`, verdict: i.plan.score < 1 ? 'no' : 'yes', reason: i.plan.reason },
                ],
              },
            ],
            { heading: ['Interaction ending at ', { turn: i.turn }, ' · score ', { score: (i.goal.score + i.plan.score) / 2 }], anchorTurn: i.turn },
          ),
        ),
      },
    ];
  },
});
