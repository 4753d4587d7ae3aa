import type { StepInput, StepOutput } from '../../steps';
import { byItemNumber } from '../../step-items';
import { analyse, analyseTerms } from '../text/analyse';
import { bagOf, contentTerms, holds } from '../text/overlap';
import { offlineReason, quote } from './reason-prefix';
import { attributeSentences } from './attribution';

/**
 * Turn contextual precision: a node is useful for the expected outcome when the attribution
 * rule of contextual recall attributes at least one sentence of the outcome to it.
 */
export function judgeNodeUsefulness(input: StepInput<'turn_contextual_precision.verdicts'>): StepOutput<'turn_contextual_precision.verdicts'> {
  const verdicts = input.retrievalContext.map((node) => {
    const backed = attributeSentences({ expectedOutput: input.expectedOutcome, retrievalContext: [node] }).verdicts.filter((v) => v.verdict === 'yes');
    return backed.length > 0
      ? { verdict: 'yes' as const, reason: offlineReason(`The node ${quote(node, 60)} backs ${quote(backed[0].sentence, 60)} of the expected outcome.`) }
      : { verdict: 'no' as const, reason: offlineReason(`No sentence of the expected outcome can be attributed to the node ${quote(node, 60)}.`) };
  });
  return { verdicts: byItemNumber(verdicts) };
}

/**
 * Turn contextual relevancy: each sentence of a node is a statement, relevant when it shares a
 * content word (or a number) with the window's user messages.
 */
export function judgeStatementRelevance(input: StepInput<'turn_contextual_relevancy.statements'>): StepOutput<'turn_contextual_relevancy.statements'> {
  const asked = bagOf(analyseTerms(input.userMessages));
  const nodes = input.retrievalContext.map((node) => ({
    statements: analyse(node)
      .filter((s) => contentTerms(s.terms).length > 0)
      .map((s) => {
        const shared = contentTerms(s.terms).filter((t) => holds(asked, t));
        return shared.length > 0
          ? { statement: s.text, verdict: 'yes' as const, reason: offlineReason(`It shares ${shared.map((t) => t.text).join(', ')} with what the user asked.`) }
          : { statement: s.text, verdict: 'no' as const, reason: offlineReason(`${quote(s.text, 60)} shares no content word with what the user asked.`) };
      }),
  }));
  return { nodes: byItemNumber(nodes) };
}
