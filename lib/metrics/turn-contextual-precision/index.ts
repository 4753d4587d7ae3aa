import { type StepOutput } from '../../judge/steps';
import { entriesInOrder } from '../../judge/step-items';
import { AppError } from '../../errors';
import type { Conversation } from '../../domain/conversation';
import type { MetricContext } from '../shared/context';
import { judgeByKey } from '../shared/judge-by-key';
import { isBlank } from '../shared/messages';
import { retrievalWindows } from '../shared/retrieval-windows';
import type { PipelineOutcome } from '../shared/run-metric';
import { metricClass } from '../shared/metric-class';
import { turnContextualPrecisionSteps } from './steps';
import { runStep } from '../shared/run-step';
import { recordUnitError, requireTurns, turnLabel } from '../shared/units';
import { buildNodeRelevancePrompt } from './prompts';
import {
  turnContextualPrecisionOptionsSchema,
  type ParsedTurnContextualPrecisionOptions,
} from './schema';
import { turnContextualPrecisionScore, windowPrecisionScore } from './score';

export { turnContextualPrecisionOptionsSchema, type TurnContextualPrecisionOptions } from './schema';
export { windowPrecisionScore, turnContextualPrecisionScore } from './score';

type NodeVerdict = StepOutput<'turn_contextual_precision.verdicts'>['verdicts'][string] & { node: string };

interface WindowStep {
  exchange: number;
  /** 0-based index of the assistant turn that ends the window. */
  turn: number;
  exchanges: [number, number];
  /** The window's nodes in rank order, each with its verdict. */
  nodes: NodeVerdict[];
  /** null when the judge failed on the window (see error). */
  score: number | null;
  error?: string;
}

const NO_RETRIEVAL = 'No turn of this window carries a retrieval context; the window scores 1 by the reference rule.';
const RETRIEVED_NOTHING = 'The retriever returned nothing in this window, so no relevant node is ranked at all.';
/** A blank node keeps its rank and is irrelevant: nothing in it can lead to the expected outcome, so no judge is asked. */
const BLANK_NODE = { verdict: 'no' as const, reason: 'The node is blank: nothing in it leads to the expected outcome.' };

const quoteNode = (node: string): string => (isBlank(node) ? '(blank)' : `"${node}"`);

function summarise(nodes: NodeVerdict[]): string {
  const irrelevant = nodes.map((n, i) => ({ ...n, rank: i + 1 })).filter((n) => n.verdict === 'no');
  if (irrelevant.length === 0) return nodes.length === 1 ? 'The one node of this window is relevant to the expected outcome.' : `All ${nodes.length} nodes of this window are relevant to the expected outcome.`;
  const ranking =
    irrelevant.length === nodes.length
      ? 'No node is relevant.'
      : irrelevant.some((n) => nodes.slice(n.rank).some((m) => m.verdict === 'yes'))
        ? 'Irrelevant nodes are ranked above relevant ones.'
        : 'The relevant nodes are ranked first.';
  return `${irrelevant.length} of ${nodes.length} nodes are not relevant to the expected outcome. ${ranking} ${irrelevant
    .map((n) => `Node ${n.rank} ${quoteNode(n.node)}: ${n.reason}`)
    .join('; ')}`;
}

/**
 * deepeval's TurnContextualPrecisionMetric: for each exchange window, every node of the
 * retrieval context of its assistant turns (in order) is judged relevant or not to the
 * conversation's expected outcome, given the window's user messages; the window scores their
 * weighted precision; the score is the mean of window scores. A repeated node keeps each of
 * its ranks but is judged once; a blank node keeps its rank as an irrelevant one without a call;
 * windows that would send the same input share one call.
 */
async function pipeline(ctx: MetricContext, conversation: Conversation, options: ParsedTurnContextualPrecisionOptions): Promise<PipelineOutcome> {
  requireTurns(conversation);
  if (isBlank(conversation.expectedOutcome)) {
    // deepeval raises MissingTestCaseParamsError: relevance is judged against the expected outcome.
    throw new AppError('BAD_INPUT', "turn_contextual_precision needs the conversation's expected_outcome, and this conversation has none.");
  }
  const outcome = conversation.expectedOutcome as string;
  const windows = retrievalWindows(conversation.turns, options.windowSize).map((w) => ({ ...w, key: JSON.stringify([w.userMessages, w.distinct]) }));
  const work = new Map(
    windows
      .filter((w) => w.distinct.length > 0)
      .map((w) => [
        w.key,
        async () => {
          const output = await runStep(ctx, {
            step: 'turn_contextual_precision.verdicts',
            input: { userMessages: w.userMessages, expectedOutcome: outcome, retrievalContext: w.distinct },
            prompt: buildNodeRelevancePrompt,
          });
          const verdicts = entriesInOrder(output.verdicts, w.distinct.length);
          return new Map(w.distinct.map((node, i) => [node, verdicts[i]]));
        },
      ]),
  );
  const { results, failed } = await judgeByKey(work, options.asyncMode);

  const steps: WindowStep[] = [];
  for (const w of windows) {
    const base = { exchange: w.end.index, turn: w.end.endTurn, exchanges: w.exchanges };
    const error = failed.get(w.key);
    if (error) {
      steps.push({ ...base, nodes: [], score: null, error });
      recordUnitError(ctx, w.end.endTurn, `the window of exchanges ${w.exchanges[0] + 1}–${w.exchanges[1] + 1}`, error);
      continue;
    }
    const byNode = results.get(w.key);
    const nodes: NodeVerdict[] = w.retrievedNothing ? [] : w.nodes.map((node) => ({ node, ...(isBlank(node) ? BLANK_NODE : byNode!.get(node)!) }));
    const score = w.retrievedNothing ? 0 : nodes.length === 0 ? 1 : windowPrecisionScore(nodes.map((n) => n.verdict), options.strictMode);
    steps.push({ ...base, nodes, score });
    ctx.verdicts.push({
      turn: w.end.endTurn,
      verdict: score === 1 ? 'yes' : 'no',
      score,
      reason: w.retrievedNothing ? RETRIEVED_NOTHING : nodes.length === 0 ? NO_RETRIEVAL : summarise(nodes),
      subject: outcome,
    });
  }
  ctx.steps.windows = steps;

  const judged = steps.filter((s): s is WindowStep & { score: number } => s.score !== null);
  const describe = (n: NodeVerdict) => `${quoteNode(n.node)} (${n.verdict}): ${n.reason}`;
  const empty = windows.filter((w) => w.retrievedNothing).map((w) => `${turnLabel(w.end.endTurn)}: ${RETRIEVED_NOTHING}`);
  const costly = judged.filter((s) => s.score < 1);
  return {
    score: turnContextualPrecisionScore(judged.map((s) => s.score)),
    failing: [...empty, ...new Set(costly.flatMap((s) => s.nodes.filter((n) => n.verdict === 'no').map(describe)))],
    all: [...empty, ...new Set(judged.flatMap((s) => s.nodes.map(describe)))],
    emptyNote: 'No window had retrieval context to rank.',
    strictPerUnit: true,
  };
}

/** Are the nodes relevant to the expected outcome ranked first, window by window (deepeval's TurnContextualPrecisionMetric)? */
export class TurnContextualPrecisionMetric extends metricClass({
  name: 'turn_contextual_precision',
  options: turnContextualPrecisionOptionsSchema,
  steps: turnContextualPrecisionSteps,
  pipeline: (ctx, conversation, options) => pipeline(ctx, conversation, options),
}) {}
