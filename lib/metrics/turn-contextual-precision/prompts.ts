import type { ChatMessage } from '../../judge/types';
import type { StepInput } from '../../judge/steps';
import { buildPrompt } from '../shared/prompt-format';

export function buildNodeRelevancePrompt(input: StepInput<'turn_contextual_precision.verdicts'>): ChatMessage[] {
  return buildPrompt({
    task: 'You check, for each node a retriever returned in a stretch of a conversation, whether it was remotely useful in arriving at the answer the conversation should reach.',
    rules: [
      '"userMessages" are what the user asked in that stretch; "expectedOutcome" is the answer the conversation should reach.',
      `Give one verdict per node of "retrievalContext", keyed by the node's position counted from 1 ("1" to "${input.retrievalContext.length}").`,
      '"yes" when the node was useful in arriving at the expected outcome, "no" when it was not.',
      'The reason quotes the part of the node that decides the verdict.',
    ],
    input,
    answer: '{ "verdicts": { "1": { "verdict": "yes" | "no", "reason": "<why>" }, … } }',
  });
}
