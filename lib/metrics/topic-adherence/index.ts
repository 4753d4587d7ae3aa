import { AppError } from '../../errors';
import type { Conversation } from '../../domain/conversation';
import { runAll } from '../shared/concurrency';
import type { MetricContext } from '../shared/context';
import { segmentExchanges } from '../shared/exchanges';
import { isBlank } from '../shared/messages';
import type { PipelineOutcome } from '../shared/run-metric';
import { metricClass } from '../shared/metric-class';
import { topicAdherenceSteps } from './steps';
import { runStep } from '../shared/run-step';
import { errorText, failsTheMetric, judgeUnit, requireTurns, turnLabel } from '../shared/units';
import { buildQaPairsPrompt, buildAdherenceVerdictPrompt } from './prompts';
import { topicAdherenceOptionsSchema, topicsFor } from './schema';
import { costsPoints, topicAdherenceScore, type TopicVerdict } from './score';

export { topicAdherenceOptionsSchema, topicsFor, type TopicAdherenceOptions } from './schema';
export { topicAdherenceScore } from './score';

interface PairStep {
  question: string;
  response: string;
  /** The assistant turn that answered, 0-based: the pair's verdict sits there. */
  turn: number;
  verdict: TopicVerdict | null;
  reason: string;
  error?: string;
}

interface InteractionStep {
  exchange: number;
  /** The assistant turn that ends the interaction, 0-based. */
  turn: number;
  pairs: PairStep[];
}

const quoted = (p: PairStep): string => `${p.verdict}: "${p.question}" (${turnLabel(p.turn).toLowerCase()}). ${p.reason}`;

async function pipeline(ctx: MetricContext, conversation: Conversation, relevantTopics: string[]): Promise<PipelineOutcome> {
  requireTurns(conversation);
  const { turns } = conversation;
  const interactions: InteractionStep[] = [];
  ctx.steps.relevantTopics = relevantTopics;
  ctx.steps.interactions = interactions;

  // Per user–assistant interaction (deepeval's unit interactions): one call extracting its
  // question–answer pairs, then one verdict call per pair, as the reference makes.
  await runAll(
    segmentExchanges(turns).map((exchange) => async () => {
      const numbered = exchange.turns.map((i) => ({ turn: i + 1, role: turns[i].role, content: turns[i].content }));
      const extracted = await judgeUnit(ctx, exchange.endTurn, 'the interaction', () =>
        runStep(ctx, { step: 'topic_adherence.qa_pairs', input: { turns: numbered }, prompt: buildQaPairsPrompt }),
      );
      if (!extracted) return;
      const answering = new Set(exchange.turns.filter((i) => turns[i].role === 'assistant'));
      const pairs: PairStep[] = extracted.pairs
        // A pair with neither question nor response is the template's "none found" placeholder.
        .filter((p) => !(isBlank(p.question) && isBlank(p.response)))
        .map((p) => ({
          question: p.question,
          response: p.response,
          turn: p.turn !== null && answering.has(p.turn - 1) ? p.turn - 1 : exchange.endTurn,
          verdict: null,
          reason: '',
        }));
      interactions.push({ exchange: exchange.index, turn: exchange.endTurn, pairs });
      await runAll(
        pairs.map((pair) => async () => {
          try {
            const output = await runStep(ctx, {
              step: 'topic_adherence.verdict',
              input: { relevantTopics, question: pair.question, response: pair.response },
              prompt: buildAdherenceVerdictPrompt,
            });
            pair.verdict = output.verdict;
            pair.reason = output.reason;
          } catch (error) {
            if (failsTheMetric(error)) throw error;
            pair.error = errorText(error);
            ctx.warnings.push(`${turnLabel(pair.turn)}: the pair "${pair.question}" was not judged (${pair.error}); it is left out of the score.`);
          }
        }),
        ctx.options.asyncMode,
      );
    }),
    ctx.options.asyncMode,
  );
  interactions.sort((a, b) => a.exchange - b.exchange);

  // One verdict per assistant turn that answered pairs: "no" when one of its pairs cost points.
  const all = interactions.flatMap((i) => i.pairs);
  for (const turn of [...new Set(all.map((p) => p.turn))].sort((a, b) => a - b)) {
    const here = all.filter((p) => p.turn === turn);
    const judged = here.filter((p): p is PairStep & { verdict: TopicVerdict } => p.verdict !== null);
    if (judged.length === 0) {
      ctx.verdicts.push({ turn, verdict: 'error', reason: here.map((p) => `"${p.question}": ${p.error}`).join(' ') });
      continue;
    }
    const failing = judged.filter((p) => costsPoints(p.verdict));
    ctx.verdicts.push({
      turn,
      verdict: failing.length > 0 ? 'no' : 'yes',
      score: topicAdherenceScore(judged.map((p) => p.verdict)),
      reason: (failing.length > 0 ? failing : judged).map(quoted).join(' '),
    });
  }

  const judged = all.filter((p): p is PairStep & { verdict: TopicVerdict } => p.verdict !== null);
  return {
    score: topicAdherenceScore(judged.map((p) => p.verdict)),
    failing: judged.filter((p) => costsPoints(p.verdict)).map(quoted),
    all: judged.map(quoted),
    emptyNote: 'There were no question–answer pairs to judge (the reference scores that 0).',
  };
}

/** Does the assistant answer the questions on its topics and refuse the others (deepeval's TopicAdherenceMetric)? */
export class TopicAdherenceMetric extends metricClass({
  name: 'topic_adherence',
  options: topicAdherenceOptionsSchema,
  steps: topicAdherenceSteps,
  pipeline: (ctx, conversation, options) => {
    const topics = topicsFor(conversation, options);
    if (!topics) {
      throw new AppError('BAD_INPUT', 'The conversation has no relevant_topics and the metric was given no relevantTopics option, so this metric does not apply to it.', {
        field: 'relevant_topics',
      });
    }
    return pipeline(ctx, conversation, topics);
  },
}) {}
