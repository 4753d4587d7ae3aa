import type { StepInput, StepOutput } from '../../steps';
import { byItemNumber } from '../../step-items';
import { analyse } from '../text/analyse';

/** Split at semicolons too: list-like documents join separate facts with them. */
function clauses(sentence: string): string[] {
  return sentence.split(/;\s+/).map((s) => s.trim()).filter(Boolean);
}

/** The truths of one document: its sentences and clauses that carry content. */
export function documentTruths(document: string): string[] {
  return analyse(document)
    .flatMap((s) => clauses(s.text))
    .filter((c) => analyse(c).some((s) => s.terms.some((t) => t.content)));
}

export function extractTruths(input: StepInput<'turn_faithfulness.truths'>): StepOutput<'turn_faithfulness.truths'> {
  return {
    documents: byItemNumber(
      input.documents.map((doc) => {
        const truths = documentTruths(doc);
        return { truths: input.limit === null ? truths : truths.slice(0, input.limit) };
      }),
    ),
  };
}
