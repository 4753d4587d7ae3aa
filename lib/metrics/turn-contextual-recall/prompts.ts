import type { ChatMessage } from '../../judge/types';
import type { StepInput } from '../../judge/steps';
import { buildPrompt } from '../shared/prompt-format';

export function buildWindowAttributionPrompt(input: StepInput<'turn_contextual_recall.attribution'>): ChatMessage[] {
  return buildPrompt({
    task: "You check whether each sentence of a conversation's expected outcome can be attributed to what the assistant retrieved in a stretch of the conversation.",
    rules: [
      'Split "expectedOutcome" into its sentences and give one verdict per sentence, in order, quoting the sentence.',
      `"yes" when the information of the sentence is found in a node of "retrievalContext"; "node" is that node's position in "retrievalContext", counted from 1 (1 to ${input.retrievalContext.length}).`,
      '"no" when no node holds it; "node" is then null.',
      'Use only the nodes, never your own knowledge. The reason names the node and the part of it that matches, or says what is missing.',
    ],
    input,
    answer: '{ "verdicts": [ { "sentence": "<sentence>", "verdict": "yes" | "no", "node": 1 | null, "reason": "<why>" } ] }',
  });
}
