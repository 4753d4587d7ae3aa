import type { ChatMessage } from '../../judge/types';
import type { StepInput } from '../../judge/steps';
import { buildPrompt } from '../shared/prompt-format';

export function buildStatementRelevancePrompt(input: StepInput<'turn_contextual_relevancy.statements'>): ChatMessage[] {
  return buildPrompt({
    task: 'You check whether what a retriever returned in a stretch of a conversation is relevant to what the user asked there.',
    rules: [
      '"userMessages" are what the user asked in that stretch.',
      `For each node of "retrievalContext", keyed by its position counted from 1 ("1" to "${input.retrievalContext.length}"), list the statements the node makes, in order, each with a verdict.`,
      '"yes" when the statement is relevant to the user messages, "no" when it is not.',
      'For "no", the reason quotes the irrelevant part of the statement; for "yes" it may be empty.',
    ],
    input,
    answer: '{ "nodes": { "1": { "statements": [ { "statement": "<statement>", "verdict": "yes" | "no", "reason": "<why, for no>" } ] }, … } }',
  });
}
