import { type StepOutput } from '../../judge/steps';
import { entriesInOrder } from '../../judge/step-items';
import type { Conversation } from '../../domain/conversation';
import type { MetricContext } from '../shared/context';
import { judgeByKey } from '../shared/judge-by-key';
import { isBlank } from '../shared/messages';
import { retrievalWindows } from '../shared/retrieval-windows';
import type { PipelineOutcome } from '../shared/run-metric';
import { metricClass } from '../shared/metric-class';
import { turnContextualRelevancySteps } from './steps';
import { runStep } from '../shared/run-step';
import { recordUnitError, requireTurns, turnLabel } from '../shared/units';
import { buildStatementRelevancePrompt } from './prompts';
import {
  turnContextualRelevancyOptionsSchema,
  type ParsedTurnContextualRelevancyOptions,
} from './schema';
import { turnContextualRelevancyScore, windowRelevancyScore } from './score';

export { turnContextualRelevancyOptionsSchema, type TurnContextualRelevancyOptions } from './schema';
export { windowRelevancyScore, turnContextualRelevancyScore } from './score';

type Statement = StepOutput<'turn_contextual_relevancy.statements'>['nodes'][string]['statements'][number];

interface NodeStatements {
  node: string;
  /** How many times the window's turns retrieved it; each time counts its statements. */
  times: number;
  statements: Statement[];
}

interface WindowStep {
  exchange: number;
  /** 0-based index of the assistant turn that ends the window. */
  turn: number;
  exchanges: [number, number];
  nodes: NodeStatements[];
  /** null when the judge failed on the window (see error). */
  score: number | null;
  error?: string;
}

const NO_RETRIEVAL = 'No turn of this window carries a retrieval context; the window scores 1 by the reference rule.';
const RETRIEVED_NOTHING = 'The retriever returned nothing in this window, so nothing relevant to the user was retrieved.';
/** A blank node is one irrelevant statement, decided without a judge call (the reference sends it to the judge, which finds nothing relevant in it). */
const BLANK_NODE: Statement[] = [{ statement: '(blank node)', verdict: 'no', reason: 'The node is blank: it states nothing the user asked about.' }];
const NO_STATEMENTS = 'The retrieval context of this window makes no statement to judge; the window scores 1 by the reference rule.';

const statementsOf = (nodes: NodeStatements[]): Statement[] => nodes.flatMap((n) => Array.from({ length: n.times }, () => n.statements).flat());

function summarise(nodes: NodeStatements[]): string {
  const all = statementsOf(nodes);
  if (all.length === 0) return NO_STATEMENTS;
  const irrelevant = nodes.flatMap((n) => n.statements.filter((s) => s.verdict === 'no').map((s) => `"${s.statement}"${s.reason ? `: ${s.reason}` : ''}`));
  const relevant = all.filter((s) => s.verdict === 'yes').length;
  if (irrelevant.length === 0)
    return all.length === 1
      ? "The one statement of this window's retrieval context is relevant to what the user asked."
      : `All ${all.length} statements of this window's retrieval context are relevant to what the user asked.`;
  return `${all.length - relevant} of ${all.length} statements of this window's retrieval context are not relevant to what the user asked: ${irrelevant.join('; ')}`;
}

/**
 * deepeval's TurnContextualRelevancyMetric: for each exchange window, the statements of each
 * node of the retrieval context of its assistant turns are judged relevant or not to the
 * window's user messages; the window scores relevant statements / statements; the score is the
 * mean of window scores. The reference makes one call per node; here one call per window judges
 * its distinct non-blank nodes, each keyed by its number, and windows with the same input share
 * it. Each blank node counts as one irrelevant statement, without a call.
 */
async function pipeline(ctx: MetricContext, conversation: Conversation, options: ParsedTurnContextualRelevancyOptions): Promise<PipelineOutcome> {
  requireTurns(conversation);
  const windows = retrievalWindows(conversation.turns, options.windowSize).map((w) => ({ ...w, key: JSON.stringify([w.userMessages, w.distinct]) }));
  const work = new Map(
    windows
      .filter((w) => w.distinct.length > 0)
      .map((w) => [
        w.key,
        async () => {
          const output = await runStep(ctx, {
            step: 'turn_contextual_relevancy.statements',
            input: { userMessages: w.userMessages, retrievalContext: w.distinct },
            prompt: buildStatementRelevancePrompt,
          });
          return entriesInOrder(output.nodes, w.distinct.length).map((entry) => entry.statements);
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
    const judged = results.get(w.key) ?? [];
    const nodes = w.distinct.map((node, i) => ({ node, times: w.nodes.filter((n) => n === node).length, statements: judged[i] ?? [] }));
    const blanks = w.retrievedNothing ? 0 : w.nodes.filter(isBlank).length;
    if (blanks > 0) nodes.push({ node: '', times: blanks, statements: BLANK_NODE });
    const score = w.retrievedNothing ? 0 : windowRelevancyScore(statementsOf(nodes).map((s) => s.verdict), options.strictMode);
    steps.push({ ...base, nodes, score });
    ctx.verdicts.push({
      turn: w.end.endTurn,
      verdict: score === 1 ? 'yes' : 'no',
      score,
      reason: w.retrievedNothing ? RETRIEVED_NOTHING : nodes.length === 0 ? NO_RETRIEVAL : summarise(nodes),
    });
  }
  ctx.steps.windows = steps;

  const judged = steps.filter((s): s is WindowStep & { score: number } => s.score !== null);
  const statements = judged.flatMap((s) => s.nodes.flatMap((n) => n.statements));
  const describe = (s: Statement) => `"${s.statement}" (${s.verdict})${s.reason ? `: ${s.reason}` : ''}`;
  const empty = windows.filter((w) => w.retrievedNothing).map((w) => `${turnLabel(w.end.endTurn)}: ${RETRIEVED_NOTHING}`);
  return {
    score: turnContextualRelevancyScore(judged.map((s) => s.score)),
    failing: [...empty, ...new Set(statements.filter((s) => s.verdict === 'no').map(describe))],
    all: [...empty, ...new Set(statements.map(describe))],
    emptyNote: 'No window had retrieval context to judge.',
    strictPerUnit: true,
  };
}

/** Is what the retriever returned relevant to what the user asked, window by window (deepeval's TurnContextualRelevancyMetric)? */
export class TurnContextualRelevancyMetric extends metricClass({
  name: 'turn_contextual_relevancy',
  options: turnContextualRelevancyOptionsSchema,
  steps: turnContextualRelevancySteps,
  pipeline: (ctx, conversation, options) => pipeline(ctx, conversation, options),
}) {}
