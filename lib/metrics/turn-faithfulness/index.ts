import type { Conversation } from '../../domain/conversation';
import type { Verdict } from '../../domain/verdict';
import { entriesInOrder } from '../../judge/step-items';
import { runAll } from '../shared/concurrency';
import type { MetricContext } from '../shared/context';
import { assistantTurnsOf, segmentExchanges, type Exchange } from '../shared/exchanges';
import { distinctNonBlank, isBlank } from '../shared/messages';
import type { PipelineOutcome } from '../shared/run-metric';
import { metricClass } from '../shared/metric-class';
import { turnFaithfulnessSteps } from './steps';
import { runStep } from '../shared/run-step';
import { errorText, failsTheMetric, recordUnitError, requireTurns, turnLabel } from '../shared/units';
import { windowFor } from '../shared/windows';
import { buildClaimsPrompt, buildTruthsPrompt, buildVerdictsPrompt } from './prompts';
import { turnFaithfulnessOptionsSchema, type ParsedTurnFaithfulnessOptions } from './schema';
import { turnFaithfulnessScore, turnVerdict, windowScore } from './score';

export { turnFaithfulnessOptionsSchema, type TurnFaithfulnessOptions } from './schema';
export { windowScore, turnFaithfulnessScore, turnVerdict } from './score';

interface ClaimVerdict {
  claim: string;
  verdict: Verdict;
  reason: string;
}

interface WindowStep {
  exchange: number;
  /** 0-based index of the assistant turn that ends the window. */
  turn: number;
  /** First and last exchange of the window, 0-based. */
  exchanges: [number, number];
  truths: string[];
  claims: ClaimVerdict[];
  /** null when the judge failed on the window (see error). */
  score: number | null;
  error?: string;
}

/** One assistant turn judged on its own claims, against the truths of the window it ends. */
interface TurnStep {
  turn: number;
  exchange: number;
  claims: ClaimVerdict[];
  score: number;
  verdict: Verdict;
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

function turnReason(claims: ClaimVerdict[], costsPoints: (c: ClaimVerdict) => boolean): string {
  if (claims.length === 0) return 'This turn makes no factual claim.';
  const failing = claims.filter(costsPoints);
  if (failing.length > 0) return failing.map((c) => `"${c.claim}": ${c.reason}`).join('\n');
  const unsupported = claims.filter((c) => c.verdict === 'idk');
  if (unsupported.length > 0) {
    return `No claim of this turn contradicts the retrieved documents; ${unsupported.length} of ${claims.length} are not supported by them either: ${unsupported
      .map((c) => `"${c.claim}"`)
      .join(', ')}.`;
  }
  return `All ${claims.length} claims of this turn are supported by the retrieved documents.`;
}

/**
 * Same semantics as extracting truths, claims and verdicts per window, with fewer calls: truths
 * are extracted once per distinct document (one call per exchange that brings new documents),
 * claims once per exchange, and identical verdict requests are sent once. A window with no
 * claims scores 1 without a call; claims in a window with no truths are "idk" without a call,
 * as nothing can support or contradict them.
 *
 * The score is the mean of window scores, as the reference computes it. The verdict stored on
 * each assistant turn is the turn's own: its own claims, as the verdict step of the window it
 * ends judged them, so one unsupported claim does not mark every later turn of its windows.
 */
async function pipeline(ctx: MetricContext, conversation: Conversation, options: ParsedTurnFaithfulnessOptions): Promise<PipelineOutcome> {
  requireTurns(conversation);
  const exchanges = segmentExchanges(conversation.turns);
  const concurrent = options.asyncMode;
  const limit = options.truthsExtractionLimit ?? null;
  const truthsByDocument = new Map<string, string[]>();
  const claimsByExchange = new Map<number, string[]>();
  // What the judge failed on, so that only the windows that need it are left unjudged.
  const failedDocuments = new Map<string, string>();
  const failedClaims = new Map<number, string>();
  const failedVerdicts = new Map<string, string>();
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
        try {
          const output = await runStep(ctx, {
            step: 'turn_faithfulness.truths',
            input: { documents, limit },
            prompt: buildTruthsPrompt,
          });
          const extracted = entriesInOrder(output.documents, documents.length).map((d, i) => ({
            document: documents[i],
            // The window keeps its first `limit` truths; more from one document can never be among them.
            truths: limit ? d.truths.slice(0, limit) : d.truths,
          }));
          extracted.forEach((d) => truthsByDocument.set(d.document, d.truths));
          truthSteps.push({ exchange: exchange.index, documents: extracted });
        } catch (error) {
          if (failsTheMetric(error)) throw error;
          documents.forEach((d) => failedDocuments.set(d, `truths of its documents: ${errorText(error)}`));
        }
      },
    ];
  });
  const claimTasks = exchanges.flatMap((exchange) => {
    const message = assistantTextOf(conversation, exchange);
    if (isBlank(message)) return [];
    return [
      async () => {
        try {
          const output = await runStep(ctx, { step: 'turn_faithfulness.claims', input: { message }, prompt: buildClaimsPrompt });
          const claims = output.claims.filter((c) => !isBlank(c));
          claimsByExchange.set(exchange.index, claims);
          claimSteps.push({ exchange: exchange.index, turns: assistantTurnsOf(exchange), claims });
        } catch (error) {
          if (failsTheMetric(error)) throw error;
          failedClaims.set(exchange.index, `claims of ${turnLabel(exchange.endTurn).toLowerCase()}: ${errorText(error)}`);
        }
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
    const all = documents.flatMap((d) => truthsByDocument.get(d) ?? []);
    // truths_extraction_limit caps the truths of the window: the first N in document order.
    const truths = limit ? all.slice(0, limit) : all;
    const failure =
      members.map((e) => failedClaims.get(e.index)).find(Boolean) ?? documents.map((d) => failedDocuments.get(d)).find(Boolean);
    // A window with no document at all is told apart (its reason differs); it never makes a verdict call.
    return { end, members, claims, documents, truths, failure, key: JSON.stringify({ claims, truths, retrieved: documents.length > 0 }) };
  });
  const verdictsByKey = new Map<string, ClaimVerdict[]>();
  const pending = new Map<string, { claims: string[]; truths: string[] }>();
  for (const w of windows) {
    if (w.failure) continue;
    if (w.claims.length === 0) verdictsByKey.set(w.key, []);
    else if (w.truths.length === 0) {
      const reason =
        w.documents.length === 0
          ? 'The retriever returned nothing in this window, so there is no document to check the claim against.'
          : 'No retrieved document in this window states anything to check the claim against.';
      verdictsByKey.set(w.key, w.claims.map((claim) => ({ claim, verdict: 'idk', reason })));
    } else pending.set(w.key, { claims: w.claims, truths: w.truths });
  }
  await runAll(
    [...pending].map(([key, input]) => async () => {
      try {
        const output = await runStep(ctx, {
          step: 'turn_faithfulness.verdicts',
          input,
          prompt: buildVerdictsPrompt,
        });
        verdictsByKey.set(
          key,
          entriesInOrder(output.verdicts, input.claims.length).map((v, i) => ({ claim: input.claims[i], verdict: v.verdict, reason: v.reason })),
        );
      } catch (error) {
        if (failsTheMetric(error)) throw error;
        failedVerdicts.set(key, `verdicts: ${errorText(error)}`);
      }
    }),
    concurrent,
  );

  const costsPoints = (c: ClaimVerdict) => c.verdict === 'no' || (options.penalizeAmbiguousClaims && c.verdict === 'idk');
  const windowSteps: WindowStep[] = [];
  const turnSteps: TurnStep[] = [];
  for (const w of windows) {
    const step = { exchange: w.end.index, turn: w.end.endTurn, exchanges: [w.members[0].index, w.end.index] as [number, number], truths: w.truths };
    const failure = w.failure ?? failedVerdicts.get(w.key);
    const claims = verdictsByKey.get(w.key);
    if (failure || !claims) {
      const error = failure ?? 'no verdicts';
      windowSteps.push({ ...step, claims: [], score: null, error });
      recordUnitError(ctx, w.end.endTurn, `the window of exchanges ${step.exchanges[0] + 1}–${step.exchanges[1] + 1}`, error);
      continue;
    }
    windowSteps.push({ ...step, claims, score: windowScore(claims.map((c) => c.verdict), options) });
    // The window's claims are its exchanges' claims in order, so the turn's own are the last ones.
    const ownCount = claimsByExchange.get(w.end.index)?.length ?? 0;
    const own = ownCount === 0 ? [] : claims.slice(-ownCount);
    const verdict = turnVerdict(own.map((c) => c.verdict), options);
    const score = windowScore(own.map((c) => c.verdict), options);
    turnSteps.push({ turn: w.end.endTurn, exchange: w.end.index, claims: own, score, verdict });
    ctx.verdicts.push({ turn: w.end.endTurn, verdict, score, reason: turnReason(own, costsPoints) });
  }
  ctx.steps.windows = windowSteps;
  ctx.steps.turns = turnSteps;

  const judged = windowSteps.filter((w): w is WindowStep & { score: number } => w.score !== null);
  const allClaims = judged.flatMap((w) => w.claims);
  const describe = (c: ClaimVerdict) => `"${c.claim}" (${c.verdict}): ${c.reason}`;
  return {
    score: turnFaithfulnessScore(judged.map((w) => w.score)),
    failing: [...new Set(allClaims.filter(costsPoints).map(describe))],
    all: [...new Set(allClaims.map(describe))],
    emptyNote:
      windowSteps.length === 0
        ? 'The conversation has no scored exchange, so there is no window to judge.'
        : 'The assistant made no factual claim in any window.',
    strictPerUnit: true,
  };
}

/** Are the assistant's claims backed by what it retrieved, window by window (deepeval's TurnFaithfulnessMetric)? */
export class TurnFaithfulnessMetric extends metricClass({
  name: 'turn_faithfulness',
  options: turnFaithfulnessOptionsSchema,
  steps: turnFaithfulnessSteps,
  pipeline: (ctx, conversation, options) => pipeline(ctx, conversation, options),
}) {}
