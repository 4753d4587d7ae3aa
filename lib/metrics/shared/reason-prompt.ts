import type { ChatMessage } from '../../judge/types';
import type { StepInput } from '../../judge/steps';
import { buildPrompt } from './prompt-format';

export function buildReasonPrompt(input: StepInput<'reason'>): ChatMessage[] {
  return buildPrompt({
    task: `You explain the score of the "${input.metric}" evaluation metric to the team that owns the chatbot.`,
    rules: [
      'Explain in two or three sentences why the score is what it is, using only the verdict reasons given.',
      'Mention the score; say whether it reaches the threshold (success means score >= threshold).',
      'If reasons describe failures, name the most important ones concretely; do not invent problems.',
      'Do not suggest a different score.',
    ],
    input,
    answer: '{ "reason": "<explanation>" }',
  });
}
