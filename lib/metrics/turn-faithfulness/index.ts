import type { Judge } from '../../judge/types';
import type { Conversation, MetricResult, Verdict } from '../types';
import { byIndex, checkOnePerItem } from '../shared/checks';
import { runAll } from '../shared/concurrency';
import type { MetricContext } from '../shared/context';
import { assistantTurnsOf, segmentExchanges, type Exchange } from '../shared/exchanges';
import { distinctNonBlank, isBlank } from '../shared/messages';
import type { ConversationMetric } from '../shared/metric';
import { parseMetricOptions } from '../shared/options';
import { parseConversation } from '../shared/parse-conversation';
import { runMetric, type PipelineOutcome } from '../shared/run-metric';
import { runStep } from '../shared/run-step';
import { windowFor } from '../shared/windows';
import { buildClaimsPrompt, buildTruthsPrompt, buildVerdictsPrompt } from './prompts';
import { turnFaithfulnessOptionsSchema, type ParsedTurnFaithfulnessOptions, type TurnFaithfulnessOptions } from './schema';
import { collapseVerdicts, turnFaithfulnessScore, windowScore } from './score';

export { turnFaithfulnessOptionsSchema, type TurnFaithfulnessOptions } from './schema';
export { windowScore, turnFaithfulnessScore, collapseVerdicts } from './score';

interface ClaimVerdict {
  claim: string;
  verdict: Verdict;
  reason: string;
}
interface WindowStep {
  exchange: number;
  turn: number;
  /** First and last exchange of the window. */
  exchanges: [number, number];
  truths: string[];
  claims: ClaimVerdict[];
  score: number;
}

/** Documents retrieved for the assistant turns of an exchange, each once. */
const documentsOf = (conversation: Conversation, exchange: Exchange): string[] =>
  distinctNonBlank(assistantTurnsOf(exchange).flatMap((i) => conversation.turns[i].retrievalContext ?? []));

/** The assistant side(s) of an exchange as one message: a greeting joins the first reply. */
const assistantTextOf = (conversation: Conversation, exchange: Exchange): string =>
  assistantTurnsOf(exchange)
    .map((i) => conversation.turns[i].content)
    .filter((c) => !isBlank(c))
    .join('\n');

/**
 * Same semantics as extracting truths, claims and verdicts per window, with fewer calls: truths
 * are extracted once per distinct document (one call per exchange that brings new documents),
 * claims once per exchange, and identical verdict requests are sent once. A window with no
 * claims scores 1 without a call; claims in a window with no truths are "idk" without a call,
 * as nothing can support or contradict them.
 */
async function pipeline(ctx: MetricContext, conversation: Conversation, options: ParsedTurnFaithfulnessOptions): Promise<PipelineOutcome> {
  const exchanges = segmentExchanges(conversation.turns);
  const concurrent = options.asyncMode;

  const truthsByDocument = new Map<string, string[]>();
  const claimsByExchange = new Map<number, string[]>();
  const truthSteps: { exchange: number; documents: { document: string; truths: string[] }[] }[] = [];
  const claimSteps: { exchange: number; turns: number[]; claims: string[] }[] = [];
  ctx.steps.truths = truthSteps;
  ctx.steps.claims = claimSteps;

  const seen = new Set<string>();
  const truthTasks = exchanges.flatMap((exchange) => {
    const documents = documentsOf(conversation, exchange).filter((d) => !seen.has(d));
    documents.forEach((d) => seen.add(d));
    if (documents.length === 0) return [];
    return [
      async () => {
        const output = await runStep(ctx, {
          step: 'turn_faithfulness.truths',
          input: { documents, limit: options.truthsExtractionLimit ?? null },
          prompt: buildTruthsPrompt,
          check: (o) => checkOnePerItem(o.documents, documents.length, 'document'),
        });
        const extracted = byIndex(output.documents).map((d) => ({
          document: documents[d.index],
          truths: options.truthsExtractionLimit ? d.truths.slice(0, options.truthsExtractionLimit) : d.truths,
        }));
        extracted.forEach((d) => truthsByDocument.set(d.document, d.truths));
        truthSteps.push({ exchange: exchange.index, documents: extracted });
      },
    ];
  });
  const claimTasks = exchanges.flatMap((exchange) => {
    const message = assistantTextOf(conversation, exchange);
    if (isBlank(message)) return [];
    return [
      async () => {
        const output = await runStep(ctx, { step: 'turn_faithfulness.claims', input: { message }, prompt: buildClaimsPrompt });
        const claims = output.claims.filter((c) => !isBlank(c));
        claimsByExchange.set(exchange.index, claims);
        claimSteps.push({ exchange: exchange.index, turns: assistantTurnsOf(exchange), claims });
      },
    ];
  });
  await runAll([...truthTasks, ...claimTasks], concurrent);
  truthSteps.sort((a, b) => a.exchange - b.exchange);
  claimSteps.sort((a, b) => a.exchange - b.exchange);

  // One verdict request per distinct (claims, truths) pair across windows.
  const windows = exchanges.map((end, i) => {
    const members = windowFor(exchanges, i, options.windowSize);
    const claims = members.flatMap((e) => claimsByExchange.get(e.index) ?? []);
    const documents = distinctNonBlank(members.flatMap((e) => documentsOf(conversation, e)));
    const truths = documents.flatMap((d) => truthsByDocument.get(d) ?? []);
    return { end, members, claims, truths, key: JSON.stringify({ claims, truths }) };
  });
  const verdictsByKey = new Map<string, ClaimVerdict[]>();
  const pending = new Map<string, { claims: string[]; truths: string[] }>();
  for (const w of windows) {
    if (w.claims.length === 0) verdictsByKey.set(w.key, []);
    else if (w.truths.length === 0) {
      const reason = 'No retrieved document in this window states anything to check the claim against.';
      verdictsByKey.set(w.key, w.claims.map((claim) => ({ claim, verdict: 'idk', reason })));
    } else pending.set(w.key, { claims: w.claims, truths: w.truths });
  }
  await runAll(
    [...pending].map(([key, input]) => async () => {
      const output = await runStep(ctx, {
        step: 'turn_faithfulness.verdicts',
        input,
        prompt: buildVerdictsPrompt,
        check: (o) => checkOnePerItem(o.verdicts, input.claims.length, 'claim'),
      });
      verdictsByKey.set(
        key,
        byIndex(output.verdicts).map((v) => ({ claim: input.claims[v.index], verdict: v.verdict, reason: v.reason })),
      );
    }),
    concurrent,
  );

  const windowSteps: WindowStep[] = windows.map((w) => {
    const claims = verdictsByKey.get(w.key) ?? [];
    const score = windowScore(
      claims.map((c) => c.verdict),
      options,
    );
    return {
      exchange: w.end.index,
      turn: w.end.endTurn,
      exchanges: [w.members[0].index, w.end.index],
      truths: w.truths,
      claims,
      score,
    };
  });
  ctx.steps.windows = windowSteps;

  const costsPoints = (c: ClaimVerdict) => c.verdict === 'no' || (options.penalizeAmbiguousClaims && c.verdict === 'idk');
  for (const w of windowSteps) {
    const failing = w.claims.filter(costsPoints);
    const unsupported = w.claims.filter((c) => c.verdict === 'idk').length;
    ctx.verdicts.push({
      turn: w.turn,
      verdict: collapseVerdicts(w.claims.map((c) => c.verdict)),
      score: w.score,
      reason:
        w.claims.length === 0
          ? 'No factual claims in this window.'
          : failing.length > 0
            ? failing.map((c) => `"${c.claim}": ${c.reason}`).join('\n')
            : unsupported > 0
              ? `No claim contradicts the retrieved documents; ${unsupported} of ${w.claims.length} are not supported by them either.`
              : `All ${w.claims.length} claims supported by the retrieved documents.`,
    });
  }

  const allClaims = windowSteps.flatMap((w) => w.claims);
  const describe = (c: ClaimVerdict) => `"${c.claim}" (${c.verdict}): ${c.reason}`;
  return {
    score: turnFaithfulnessScore(windowSteps.map((w) => w.score)),
    failing: [...new Set(allClaims.filter(costsPoints).map(describe))],
    all: [...new Set(allClaims.map(describe))],
    emptyNote:
      windowSteps.length === 0
        ? 'The conversation has no scored exchange, so there is no window to judge.'
        : 'The assistant made no factual claim in any window.',
  };
}

/** Are the assistant's claims backed by what it retrieved, window by window (deepeval's TurnFaithfulnessMetric)? */
export class TurnFaithfulnessMetric implements ConversationMetric {
  readonly name = 'turn_faithfulness' as const;
  private readonly options: ParsedTurnFaithfulnessOptions;

  constructor(
    private readonly judge: Judge,
    options: TurnFaithfulnessOptions = {},
  ) {
    this.options = parseMetricOptions(turnFaithfulnessOptionsSchema, options);
  }

  async measure(conversation: Conversation): Promise<MetricResult> {
    const parsed = parseConversation(conversation);
    return runMetric(this.name, this.judge, this.options, (ctx) => pipeline(ctx, parsed, this.options));
  }
}
