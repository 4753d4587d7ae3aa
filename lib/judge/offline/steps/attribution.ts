import type { StepInput, StepOutput } from '../../steps';
import { analyse, analyseTerms, type Term } from '../text/analyse';
import { bagOf, contentTerms, coverage, holds, type Bag } from '../text/overlap';
import { isFormula } from '../text/speech-acts';
import { offlineReason, quote } from './reason-prefix';

/** Weighted share of a sentence's content words a node must hold for attribution. */
export const ATTRIBUTION_THRESHOLD = 0.6;

/** Names and numbers of `terms` that the bag lacks: a node without them cannot back the text. */
export function missingKeyTerms(terms: readonly Term[], bag: Bag): Term[] {
  return terms.filter((t) => (t.name || t.value !== null) && !holds(bag, t));
}

export function attributeSentences(
  input: StepInput<'contextual_recall.attribution'>,
): StepOutput<'contextual_recall.attribution'> {
  const nodes = input.retrievalContext.map((node) => bagOf(analyseTerms(node)));
  const verdicts = analyse(input.expectedOutput)
    .filter((s) => !isFormula(s.text))
    .map((s) => ({ sentence: s.text, terms: contentTerms(s.terms) }))
    .filter((s) => s.terms.length > 0)
    .map(({ sentence, terms }) => {
      let node = -1;
      let cov = 0;
      nodes.forEach((bag, i) => {
        const c = coverage(terms, bag);
        if (c > cov) [node, cov] = [i, c];
      });
      const pct = `${Math.round(cov * 100)}%`;
      const missing = node >= 0 ? missingKeyTerms(terms, nodes[node]) : [];
      if (node >= 0 && cov >= ATTRIBUTION_THRESHOLD && missing.length === 0) {
        const shown = quote(input.retrievalContext[node], 60);
        return { sentence, verdict: 'yes' as const, node: node + 1, reason: offlineReason(`Attributed to node ${node + 1} ${shown}: it holds ${pct} of the sentence's content words.`) };
      }
      const why =
        node < 0
          ? 'No node shares content with the sentence.'
          : missing.length > 0
            ? `The closest node ${node + 1} lacks ${missing.map((t) => t.text).join(', ')}.`
            : `The closest node ${node + 1} holds only ${pct} of the sentence's content words.`;
      return { sentence, verdict: 'no' as const, node: null, reason: offlineReason(`Not attributable to the retrieval context. ${why}`) };
    });
  return { verdicts };
}
