import type { Conversation, Turn } from '../../domain/conversation';
import type { MetricResult } from '../../domain/metric-result';
import { AppError } from '../../errors';
import { entriesInOrder } from '../../judge/step-items';
import { runAll } from '../shared/concurrency';
import type { MetricContext } from '../shared/context';
import { distinctNonBlank, isBlank } from '../shared/messages';
import { parseConversation } from '../shared/parse-conversation';
import type { PipelineOutcome } from '../shared/run-metric';
import { metricClass } from '../shared/metric-class';
import { contextCoverageSteps } from './steps';
import { runStep } from '../shared/run-step';
import { judgeUnit, requireTurns } from '../shared/units';
import { buildCoveragePrompt } from './prompts';
import { contextCoverageOptionsSchema } from './schema';
import { contextCoverageScore, scaleCoverage, turnCoverageScore } from './score';

export { contextCoverageOptionsSchema, type ContextCoverageOptions } from './schema';
export { turnCoverageScore, contextCoverageScore, scaleCoverage } from './score';

interface Item {
  item: string;
  verdict: 'yes' | 'no';
  reason: string;
}
interface TurnStep {
  turn: number;
  items: Item[];
  score: number;
}

/** The user side an assistant turn answers: the run of user turns right before its own run. */
function questionFor(turns: Turn[], i: number): string {
  let j = i;
  while (j > 0 && turns[j - 1].role === 'assistant') j--;
  const asked: string[] = [];
  while (j > 0 && turns[j - 1].role === 'user') asked.unshift(turns[--j].content);
  return asked.join('\n');
}

function summarise(items: Item[]): string {
  const missing = items.filter((i) => i.verdict === 'no');
  if (missing.length === 0) return `All ${items.length} context items are covered by the response.`;
  const numbered = items.map((item, i) => ({ ...item, number: i + 1 })).filter((i) => i.verdict === 'no');
  return `${missing.length} of ${items.length} context items are missing: ${numbered.map((i) => `item ${i.number} "${i.item}" (${i.reason})`).join('; ')}`;
}

/**
 * The units to judge: each assistant turn with its own context items; when no turn has any but
 * the conversation has `context`, the assistant's replies of the whole conversation once (the
 * user's messages as the input, the verdict on the last assistant turn). Reference items are
 * `context` only: retrieval_context is what a retriever found, not what a reply should cover.
 */
function unitsOf(conversation: Conversation): { turn: number; input: string; output: string; context: string[] }[] {
  const { turns } = conversation;
  const own = turns.flatMap((turn, i) => {
    const context = distinctNonBlank(turn.context);
    return turn.role === 'assistant' && context.length > 0 ? [{ turn: i, input: questionFor(turns, i), output: turn.content, context }] : [];
  });
  if (own.length > 0) return own;
  const context = distinctNonBlank(conversation.context);
  const last = turns.map((t) => t.role).lastIndexOf('assistant');
  if (context.length === 0 || last < 0) return [];
  const text = (role: Turn['role']) => turns.filter((t) => t.role === role && !isBlank(t.content)).map((t) => t.content).join('\n');
  return [{ turn: last, input: text('user'), output: text('assistant'), context }];
}

async function pipeline(ctx: MetricContext, conversation: Conversation): Promise<PipelineOutcome> {
  requireTurns(conversation);
  const steps: TurnStep[] = [];
  ctx.steps.items = steps;
  const record = (turn: number, items: Item[]): void => {
    const score = turnCoverageScore(items.map((i) => i.verdict));
    steps.push({ turn, items, score });
    ctx.verdicts.push({ turn, verdict: items.every((i) => i.verdict === 'yes') ? 'yes' : 'no', score, reason: summarise(items) });
  };

  await runAll(
    unitsOf(conversation).map(({ turn, input, output, context }) => async () => {
      // An empty response covers nothing: every item is missing, no judge needed.
      if (isBlank(output)) {
        record(turn, context.map((item) => ({ item, verdict: 'no', reason: 'The response is empty.' })));
        return;
      }
      await judgeUnit(ctx, turn, 'coverage', async () => {
        const reply = await runStep(ctx, {
          step: 'context_coverage.coverage',
          input: { input, output, context },
          prompt: buildCoveragePrompt,
        });
        record(
          turn,
          entriesInOrder(reply.verdicts, context.length).map((v, i) => ({ item: context[i], verdict: v.verdict, reason: v.reason })),
        );
      });
    }),
    ctx.options.asyncMode,
  );
  steps.sort((a, b) => a.turn - b.turn);

  const items = steps.flatMap((s) => s.items);
  const describe = (i: Item) => `"${i.item}" (${i.verdict}): ${i.reason}`;
  return {
    score: contextCoverageScore(steps.map((s) => s.score)),
    failing: items.filter((i) => i.verdict === 'no').map(describe),
    all: items.map(describe),
    emptyNote: 'No assistant turn has context items to cover, so nothing was judged.',
  };
}

/** How much of the reference context does each response cover (Mastra's contextual recall)? */
export class ContextCoverageMetric extends metricClass({
  name: 'context_coverage',
  options: contextCoverageOptionsSchema,
  steps: contextCoverageSteps,
  pipeline: (ctx, conversation) => pipeline(ctx, conversation),
  present: (score, options) => scaleCoverage(score, options.scale),
}) {
  /** A conversation, or a single case: the input, the response, and `options.context` as the items. */
  measure(conversation: Conversation): Promise<MetricResult>;
  measure(input: string, output: string): Promise<MetricResult>;
  async measure(conversationOrInput: Conversation | string, output?: string): Promise<MetricResult> {
    let conversation: Conversation;
    if (typeof conversationOrInput === 'string') {
      if (typeof output !== 'string') throw new AppError('BAD_INPUT', 'context_coverage: measure(input, output) needs the output');
      conversation = {
        turns: [
          { role: 'user', content: conversationOrInput },
          { role: 'assistant', content: output, context: this.options.context ?? [] },
        ],
      };
    } else {
      conversation = parseConversation(conversationOrInput);
    }
    return this.run(conversation);
  }
}
