import { z } from 'zod';
import { withRules } from '../../judge/steps';
import { PLANNED, quarterScore } from '../shared/step-parts';

const interaction = z.object({ task: z.string(), stepsTaken: z.array(z.string()) });

const schemas = {
  /** Did the assistant's visible replies of one interaction fully and correctly achieve the user's goal? */
  'goal_accuracy.goal': { input: interaction, output: quarterScore },
  /** How clear was the assistant's plan in one interaction, and how closely did it follow it? */
  'goal_accuracy.plan': { input: interaction, output: quarterScore },
};

type Schemas = typeof schemas;
declare module '../../judge/steps' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface JudgeStepContracts extends Schemas {}
}

// No offline rule: a goal and a plan are read in plain words (needsLlmJudge).
export const goalAccuracySteps = withRules(schemas, {
  'goal_accuracy.goal': { planned: () => ({ score: 1, reason: PLANNED }) },
  'goal_accuracy.plan': { planned: () => ({ score: 1, reason: PLANNED }) },
});
