import { looseRelevanceOutput } from '../shared/step-parts';
import type { Conversation } from '../../domain/conversation';
import { runAll } from '../shared/concurrency';
import type { MetricContext } from '../shared/context';
import { exchangeMessages, segmentExchanges } from '../shared/exchanges';
import type { PipelineOutcome } from '../shared/run-metric';
import { metricClass } from '../shared/metric-class';
import { conversationRelevancySteps } from './steps';
import { runStep } from '../shared/run-step';
import { judgeUnit, requireTurns, turnLabel } from '../shared/units';
import { windowFor } from '../shared/windows';
import { buildRelevancePrompt } from './prompts';
import {
  conversationRelevancyOptionsSchema,
  type ParsedConversationRelevancyOptions,
} from './schema';
import { conversationRelevancyScore } from './score';

export { conversationRelevancyOptionsSchema, type ConversationRelevancyOptions } from './schema';
export { conversationRelevancyScore } from './score';

interface WindowStep {
  exchange: number;
  turn: number;
  exchanges: [number, number];
  /** null when the judge's verdict could not be read (left out of the score). */
  verdict: 'yes' | 'no' | null;
  reason: string;
}

async function pipeline(
  ctx: MetricContext,
  conversation: Conversation,
  options: ParsedConversationRelevancyOptions,
): Promise<PipelineOutcome> {
  requireTurns(conversation);
  const exchanges = segmentExchanges(conversation.turns);
  const windows: WindowStep[] = [];
  ctx.steps.windows = windows;
  await runAll(
    exchanges.map((exchange, i) => async () => {
      const members = windowFor(exchanges, i, options.windowSize);
      const exchangeRange: [number, number] = [members[0].index, i];
      await judgeUnit(ctx, exchange.endTurn, 'relevance', async () => {
        const output = await runStep(ctx, {
          step: 'conversation_relevancy.relevance',
          input: {
            window: members.flatMap((e) => exchangeMessages(conversation.turns, e)),
            userMessage: exchange.userMessage,
            assistantMessage: exchange.assistantMessage,
          },
          prompt: buildRelevancePrompt,
          accept: looseRelevanceOutput,
        });
        if (output.verdict === null) {
          // deepeval drops a verdict it cannot read from the score (turn_relevancy._calculate_score).
          windows.push({ exchange: i, turn: exchange.endTurn, exchanges: exchangeRange, verdict: null, reason: output.reason });
          ctx.warnings.push(`${turnLabel(exchange.endTurn)}: the judge's relevance verdict could not be read as yes or no; it is left out of the score.`);
          return;
        }
        windows.push({ exchange: i, turn: exchange.endTurn, exchanges: exchangeRange, verdict: output.verdict, reason: output.reason });
        ctx.verdicts.push({ turn: exchange.endTurn, verdict: output.verdict, reason: output.reason });
      });
    }),
    options.asyncMode,
  );
  windows.sort((a, b) => a.exchange - b.exchange);
  const read = windows.filter((w): w is WindowStep & { verdict: 'yes' | 'no' } => w.verdict !== null);

  return {
    score: conversationRelevancyScore(read.map((w) => w.verdict)),
    failing: read.filter((w) => w.verdict === 'no').map((w) => w.reason),
    all: read.map((w) => w.reason),
    emptyNote: 'The conversation has no assistant reply to a user message, so nothing was judged.',
  };
}

/** Is every reply relevant to what the user just said, given the recent window (deepeval's ConversationRelevancyMetric)? */
export class ConversationRelevancyMetric extends metricClass({
  name: 'conversation_relevancy',
  options: conversationRelevancyOptionsSchema,
  steps: conversationRelevancySteps,
  pipeline: (ctx, conversation, options) => pipeline(ctx, conversation, options),
}) {}
