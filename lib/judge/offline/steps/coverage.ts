import type { StepInput, StepOutput } from '../../steps';
import { byItemNumber } from '../../step-items';
import { analyseTerms } from '../text/analyse';
import { bagOf, contentTerms, coverage } from '../text/overlap';
import { offlineReason, quote } from './reason-prefix';
import { missingKeyTerms } from './attribution';

/** Weighted share of a context item's content words the output must hold to cover it. */
export const COVERAGE_THRESHOLD = 0.6;

export function judgeCoverage(input: StepInput<'context_coverage.coverage'>): StepOutput<'context_coverage.coverage'> {
  const output = bagOf(analyseTerms(input.output));
  const verdicts = input.context.map((item, i) => {
    const index = i + 1;
    const terms = contentTerms(analyseTerms(item));
    const cov = coverage(terms, output);
    const missing = missingKeyTerms(terms, output);
    const pct = `${Math.round(cov * 100)}%`;
    if (terms.length > 0 && cov >= COVERAGE_THRESHOLD && missing.length === 0) {
      return { verdict: 'yes' as const, reason: offlineReason(`The output covers item ${index} ${quote(item, 50)} (${pct} of its content words).`) };
    }
    const why = missing.length > 0 ? `lacks ${missing.map((t) => t.text).join(', ')}` : `holds only ${pct} of its content words`;
    return { verdict: 'no' as const, reason: offlineReason(`The output does not cover item ${index} ${quote(item, 50)}: it ${why}.`) };
  });
  return { verdicts: byItemNumber(verdicts) };
}
