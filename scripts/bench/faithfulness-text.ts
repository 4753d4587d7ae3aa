import { assistantTurnsOf, segmentExchanges } from '../../lib/metrics/shared/exchanges';
import { windowFor } from '../../lib/metrics/shared/windows';
import type { Conversation } from '../../lib/domain/conversation';
import type { MetricResult } from '../../lib/domain/metric-result';

/*
 * Conversation text sent to the judge by turn_faithfulness, instructions aside: the characters
 * of the strings in each request's JSON input (documents, messages, claims, truths), not the
 * rules, keys or JSON punctuation. The reason step is left out on both sides: it carries
 * verdict reasons, not conversation text.
 */

export interface TextFigures {
  truths: number;
  claims: number;
  verdicts: number;
  total: number;
}

const sum = (texts: string[]): number => texts.reduce((n, t) => n + t.length, 0);

interface TruthStep {
  documents: { document: string; truths: string[] }[];
}
interface ClaimStep {
  exchange: number;
  claims: string[];
}

/**
 * What per-window extraction (deepeval's TurnFaithfulnessMetric) would send for the same
 * conversations, computed without calling anything: every window sends the retrieval context
 * of all its assistant turns to the truths step (a document retrieved by several turns goes
 * once per turn, as deepeval extends one list), its assistant messages to the claims step
 * (deepeval adds the user messages too; left out here, which favours the reference), and the
 * window's claims and truths to the verdict step when it has claims. Claims and truths are the
 * ones our run extracted, per exchange and per document.
 */
export function perWindowText(conversations: Conversation[], results: (MetricResult | null)[], windowSize: number): TextFigures {
  const figures: TextFigures = { truths: 0, claims: 0, verdicts: 0, total: 0 };
  conversations.forEach((conversation, ci) => {
    const steps = results[ci]?.steps ?? {};
    const truthsOf = new Map<string, string[]>();
    for (const step of (steps.truths ?? []) as TruthStep[]) for (const d of step.documents) truthsOf.set(d.document, d.truths);
    const claimsOf = new Map<number, string[]>();
    for (const step of (steps.claims ?? []) as ClaimStep[]) claimsOf.set(step.exchange, step.claims);

    const exchanges = segmentExchanges(conversation.turns);
    exchanges.forEach((_, i) => {
      const members = windowFor(exchanges, i, windowSize);
      const assistant = members.flatMap(assistantTurnsOf).map((t) => conversation.turns[t]);
      const documents = assistant.flatMap((t) => t.retrievalContext ?? []);
      const claims = members.flatMap((e) => claimsOf.get(e.index) ?? []);
      const truths = documents.flatMap((d) => truthsOf.get(d) ?? []);
      figures.truths += sum(documents);
      figures.claims += sum(assistant.map((t) => t.content));
      if (claims.length > 0) figures.verdicts += sum(claims) + sum(truths);
    });
  });
  figures.total = figures.truths + figures.claims + figures.verdicts;
  return figures;
}
