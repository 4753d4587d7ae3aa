import type { ChatMessage } from '../../judge/types';
import type { StepInput } from '../../judge/steps';
import { buildPrompt } from '../shared/prompt-format';

const SCALE = 'Score on the scale 1 (fully achieved), 0.75 (minor omissions), 0.5 (partly; key parts missing or wrong), 0.25 (weak attempt), 0 (not at all). When in doubt, choose the lower score.';

export function buildGoalPrompt(input: StepInput<'goal_accuracy.goal'>): ChatMessage[] {
  return buildPrompt({
    task: "You judge strictly whether an assistant's visible replies in one interaction fully and correctly achieved the user's goal.",
    rules: [
      '"task" is what the user asked in this interaction; "stepsTaken" are the assistant\'s replies (and the tools they called), in order.',
      'Judge only what the user saw; ignore hidden steps unless their results were told to the user.',
      'Every part of the task must be provided; if one part is missing, incomplete or vague, the score is at most 0.5. Wrong or unrelated content lowers the score.',
      SCALE,
      'The reason names, in one to three factual sentences, what was or was not achieved.',
    ],
    input,
    answer: '{ "score": 0 | 0.25 | 0.5 | 0.75 | 1, "reason": "<why>" }',
  });
}

export function buildPlanPrompt(input: StepInput<'goal_accuracy.plan'>): ChatMessage[] {
  return buildPrompt({
    task: "You judge strictly the quality of an assistant's plan in one interaction and how closely it followed that plan.",
    rules: [
      '"task" is what the user asked in this interaction; "stepsTaken" are the assistant\'s replies (and the tools they called), in order.',
      'Plan quality: the plan (stated or implicit) covers every step the task needs, in a logical order, neither vague nor generic.',
      'Plan adherence: the execution follows the plan without unjustified skipped, added or reordered steps.',
      'If no plan can be seen, the score is at most 0.5. Correctness and efficiency are not judged here.',
      SCALE,
      'The reason names the plan and any deviation in one to three sentences.',
    ],
    input,
    answer: '{ "score": 0 | 0.25 | 0.5 | 0.75 | 1, "reason": "<why>" }',
  });
}
