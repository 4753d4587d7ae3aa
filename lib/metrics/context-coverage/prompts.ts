import type { ChatMessage } from '../../judge/types';
import type { StepInput } from '../../judge/steps';
import { buildPrompt } from '../shared/prompt-format';

export function buildCoveragePrompt(input: StepInput<'context_coverage.coverage'>): ChatMessage[] {
  return buildPrompt({
    task: "You check which reference items a chatbot's response covers.",
    rules: [
      `Return one verdict per item of "context" (${input.context.length}), keyed by the item's position counted from 1 ("1", "2"…; call it "item 1", "item 2"… in reasons).`,
      '"yes" when the information of the item is present in "output", in any wording; "no" when it is missing or only hinted at.',
      '"input" is the question the response answers, for context only.',
      'The reason says where the output covers the item, or what it leaves out.',
    ],
    input,
    answer: '{ "verdicts": { "1": { "verdict": "yes" | "no", "reason": "<why>" } } }',
  });
}
