import type { StepInput, StepOutput } from '../../steps';
import { analyseTerms, type Term } from '../text/analyse';
import { oppositesOf } from '../text/antonyms';
import { bagOf, contentTerms, coverage, holds, mergeBags, type Bag } from '../text/overlap';
import { offlineReason, quote } from '../reason-prefix';

type Verdict = StepOutput<'turn_faithfulness.verdicts'>['verdicts'][number];

/** Up to this many consecutive truths are read together: a claim may join two sentences. */
const MAX_SPAN = 3;
/** Share of the claim's (weighted) content words a truth span must hold to support it. */
const SUPPORT = 0.75;
/** Share that makes a truth span "about the same thing" as the claim. */
const ANCHOR = 0.3;

interface Span {
  from: number;
  to: number;
  bag: Bag;
  text: string;
}

function spansOf(truths: readonly string[], bags: readonly Bag[]): Span[] {
  const spans: Span[] = [];
  for (let from = 0; from < truths.length; from++) {
    for (let to = from; to < Math.min(truths.length, from + MAX_SPAN); to++) {
      spans.push({ from, to, bag: mergeBags(bags.slice(from, to + 1)), text: truths.slice(from, to + 1).join(' ') });
    }
  }
  return spans;
}

function best(spans: readonly Span[], terms: readonly Term[]): { span: Span | null; cov: number } {
  let top: Span | null = null;
  let cov = -1;
  for (const s of spans) {
    const c = coverage(terms, s.bag);
    // Ties go to the shorter span (listed first).
    if (c > cov + 1e-9) {
      top = s;
      cov = c;
    }
  }
  return { span: top, cov: Math.max(cov, 0) };
}

const where = (span: Span): string =>
  span.from === span.to ? `truth ${span.from + 1}` : `truths ${span.from + 1}-${span.to + 1}`;

const list = (terms: readonly Term[]): string => terms.map((t) => t.text).join(', ');

/** The verdict on one claim against the truths (given as analysed bags). */
export function judgeClaim(index: number, claim: string, spans: readonly Span[], all: Bag): Verdict {
  const terms = analyseTerms(claim);
  const content = contentTerms(terms);
  const verdict = (v: Verdict['verdict'], text: string): Verdict => ({ index, verdict: v, reason: offlineReason(text) });
  if (content.length === 0 || spans.length === 0) {
    return verdict('idk', 'The claim has no content the context could confirm or refute.');
  }
  const { span, cov } = best(spans, content);
  const anchored = span !== null && cov >= ANCHOR;
  const closest = span ? ` The closest context (${where(span)}) says ${quote(span.text)}.` : '';

  const numbers = content.filter((t) => t.value !== null && !all.values.has(t.value));
  if (numbers.length > 0 && (anchored || all.values.size > 0)) {
    return verdict('no', `The claim states ${list(numbers)}, a number the context does not give.${closest}`);
  }
  const names = content.filter((t) => t.name && !holds(all, t));
  if (names.length > 0 && anchored) {
    return verdict('no', `The claim names ${list(names)}, which the context does not mention.${closest}`);
  }
  if (span && cov >= 0.5) {
    const claimNegated = terms.filter((t) => t.negation).length % 2 === 1;
    const truthNegated = span.bag.negations % 2 === 1;
    if (claimNegated !== truthNegated) {
      return verdict('no', `The claim ${claimNegated ? 'negates' : 'asserts'} what the context ${truthNegated ? 'negates' : 'asserts'}.${closest}`);
    }
    const flipped = content.find((t) => !holds(span.bag, t) && [...oppositesOf(t.stem)].some((o) => span.bag.stems.has(o)));
    if (flipped) {
      return verdict('no', `The claim says "${flipped.text}" where the context says the opposite.${closest}`);
    }
  }
  if (span && cov >= SUPPORT) {
    return verdict('yes', `Supported by ${where(span)}: ${quote(span.text)} (${Math.round(cov * 100)}% of its content words).`);
  }
  if (anchored) {
    const missing = content.filter((t) => !holds(all, t));
    return verdict('no', `The claim adds ${list(missing.length ? missing : content.filter((t) => !holds(span!.bag, t)))} to what the context says, which the context does not support.${closest}`);
  }
  return verdict('idk', 'The context neither supports nor contradicts the claim.');
}

export function judgeClaims(input: StepInput<'turn_faithfulness.verdicts'>): StepOutput<'turn_faithfulness.verdicts'> {
  const bags = input.truths.map((t) => bagOf(analyseTerms(t)));
  const spans = spansOf(input.truths, bags);
  const all = mergeBags(bags);
  return { verdicts: input.claims.map((claim, i) => judgeClaim(i, claim, spans, all)) };
}
