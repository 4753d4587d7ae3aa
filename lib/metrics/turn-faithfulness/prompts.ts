import type { ChatMessage } from '../../judge/types';
import type { StepInput } from '../../judge/steps';
import { buildPrompt } from '../shared/prompt-format';

export function buildTruthsPrompt(input: StepInput<'turn_faithfulness.truths'>): ChatMessage[] {
  return buildPrompt({
    task: 'You list the facts stated in each retrieved document, so that an answer can later be checked against them.',
    rules: [
      'Treat each document on its own. "documents" in the answer has one entry per document, keyed by its position in "documents" counted from 1 ("1", "2", …).',
      'Each truth is one short, self-contained factual statement taken from the document, without outside knowledge.',
      input.limit === null
        ? 'List every fact the document states.'
        : `List at most ${input.limit} truths per document, in the order the document states them.`,
      'A document that states no facts gets an empty list.',
    ],
    input,
    answer: '{ "documents": { "1": { "truths": ["<fact>", "..."] }, "2": { "truths": [] } } }',
  });
}

export function buildClaimsPrompt(input: StepInput<'turn_faithfulness.claims'>): ChatMessage[] {
  return buildPrompt({
    task: "You list the factual claims an assistant's message makes.",
    rules: [
      'A claim is one self-contained statement of fact that could be true or false.',
      'Questions, greetings, offers of help, instructions and opinions are not claims.',
      'Keep the wording close to the message and do not add facts it does not state.',
      'Return an empty list when the message makes no claim.',
    ],
    input,
    answer: '{ "claims": ["<claim>", "..."] }',
  });
}

export function buildVerdictsPrompt(input: StepInput<'turn_faithfulness.verdicts'>): ChatMessage[] {
  return buildPrompt({
    task: 'You check each claim of an assistant against the truths from the documents it retrieved.',
    rules: [
      `Return ${input.claims.length === 1 ? 'one verdict' : `${input.claims.length} verdicts`}, keyed by the claim's position in "claims" counted from 1 ("1"${input.claims.length > 1 ? ` to "${input.claims.length}"` : ''}).`,
      '"yes": the truths support the claim.',
      '"no": the truths contradict the claim. Use it only for a direct contradiction.',
      '"idk": the truths neither support nor contradict the claim.',
      'Judge only against the truths, never against your own knowledge.',
      'The reason quotes or names the truth that decides the verdict, or says that none does.',
    ],
    input,
    answer: '{ "verdicts": { "1": { "verdict": "yes" | "no" | "idk", "reason": "<why>" } } }',
  });
}
