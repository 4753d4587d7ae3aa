import { extractClaims } from '../steps/claims';
import { extractTruths } from '../steps/truths';
import { analyseClaim, decide, truthsOf, type ClaimAnalysis } from '../steps/verdicts';
import { PERSONAL_ELLIPSIS } from '../text/speech-acts';
import type { ReplySample } from '../model/fit';
import type { SupportModel } from '../model/logistic';
import type { FaithCase } from './datasets';

/** A labelled reply analysed as the turn_faithfulness metric sees it at window size 1. */
export interface AnalysedReply {
  set: string;
  id: string;
  /** Replies that share a group (one question, one dialogue context) share a fold. */
  group: string;
  faithful: boolean;
  /** null for a claim that cannot be supported whatever the weights (no content, personal ellipsis). */
  claims: (ClaimAnalysis | null)[];
}

/** The offline judge's truths and claims for a case, each claim analysed under the model's rules. */
export function analyseReply(set: string, c: FaithCase, group: string, model: SupportModel): AnalysedReply {
  const truthTexts = extractTruths({ documents: [c.knowledge], limit: null }).documents['1']?.truths ?? [];
  const { truths, all } = truthsOf(truthTexts);
  const claims = extractClaims({ message: c.reply }).claims.filter((x) => x.trim());
  return {
    set,
    id: c.id,
    group,
    faithful: c.faithful,
    claims: claims.map((claim) => (truths.length === 0 || PERSONAL_ELLIPSIS.test(claim.trim()) ? null : analyseClaim(claim, truths, all, model))),
  };
}

/** The reply's turn_faithfulness score with penalised ambiguous claims: the share of "yes" verdicts. */
export function replyScore(r: AnalysedReply, model: SupportModel): number {
  if (r.claims.length === 0) return 1;
  return r.claims.filter((a) => a !== null && decide(a, model).verdict === 'yes').length / r.claims.length;
}

/** The reply as a training sample: support features of each claim no rule settled. */
export function toSample(r: AnalysedReply, weight: number): ReplySample {
  const open = r.claims.filter((a): a is ClaimAnalysis => a !== null && a.whole.best !== null && ![a.whole, ...(a.whole.anchored ? [] : a.clauses)].some((p) => p.contradiction));
  return { faithful: r.faithful, claims: open.map((a) => a.whole.features), contradicted: r.claims.length - open.length, weight };
}
