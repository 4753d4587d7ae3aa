import type { Conversation } from '../../domain/conversation';
import { runAll } from '../shared/concurrency';
import type { MetricContext } from '../shared/context';
import { isBlank } from '../shared/messages';
import type { PipelineOutcome } from '../shared/run-metric';
import { metricClass } from '../shared/metric-class';
import { conversationCompletenessSteps } from './steps';
import { runStep } from '../shared/run-step';
import { errorText, failsTheMetric, requireTurns, turnLabel } from '../shared/units';
import { buildIntentionsPrompt, buildCompletenessVerdictPrompt } from './prompts';
import { conversationCompletenessOptionsSchema } from './schema';
import { conversationCompletenessScore } from './score';

export { conversationCompletenessOptionsSchema, type ConversationCompletenessOptions } from './schema';
export { conversationCompletenessScore } from './score';

interface IntentionStep {
  intention: string;
  /** The user turn that raised it, 0-based. */
  turn: number;
  verdict: 'yes' | 'no' | null;
  reason: string;
  error?: string;
}

const quoted = (i: IntentionStep): string => `"${i.intention}" (raised on turn ${i.turn + 1})`;

async function pipeline(ctx: MetricContext, conversation: Conversation): Promise<PipelineOutcome> {
  requireTurns(conversation);
  const { turns } = conversation;
  const numbered = turns.map((t, i) => ({ turn: i + 1, role: t.role, content: t.content }));
  const userTurns = turns.flatMap((t, i) => (t.role === 'user' ? [i] : []));
  const intentions: IntentionStep[] = [];
  ctx.steps.intentions = intentions;

  // 1. The user's intentions, as the reference extracts them, each tied to the user turn that raised it.
  if (userTurns.length > 0) {
    const extracted = await runStep(ctx, { step: 'conversation_completeness.intentions', input: { turns: numbered }, prompt: buildIntentionsPrompt });
    for (const { intention, turn } of extracted.intentions) {
      if (isBlank(intention)) continue;
      intentions.push({ intention, turn: turn === null ? userTurns[0] : turn - 1, verdict: null, reason: '' });
    }
  }

  // 2. One verdict per intention against the whole conversation (the reference's call per intention).
  await runAll(
    intentions.map((step) => async () => {
      try {
        const output = await runStep(ctx, {
          step: 'conversation_completeness.verdict',
          input: { turns: numbered, intention: step.intention },
          prompt: buildCompletenessVerdictPrompt,
        });
        step.verdict = output.verdict;
        step.reason = output.reason;
      } catch (error) {
        if (failsTheMetric(error)) throw error;
        step.error = errorText(error);
        ctx.warnings.push(`${turnLabel(step.turn)}: the intention ${quoted(step)} was not judged (${step.error}); it is left out of the score.`);
      }
    }),
    ctx.options.asyncMode,
  );

  // 3. One verdict per user turn that raised intentions: "no" when one of them was not met, naming it.
  for (const turn of [...new Set(intentions.map((i) => i.turn))].sort((a, b) => a - b)) {
    const raised = intentions.filter((i) => i.turn === turn);
    const unmet = raised.filter((i) => i.verdict === 'no');
    const met = raised.filter((i) => i.verdict === 'yes');
    if (unmet.length > 0) ctx.verdicts.push({ turn, verdict: 'no', reason: unmet.map((i) => `Not met: ${quoted(i)}. ${i.reason}`).join(' ') });
    else if (met.length > 0) ctx.verdicts.push({ turn, verdict: 'yes', reason: met.map((i) => `Met: ${quoted(i)}. ${i.reason}`).join(' ') });
    else ctx.verdicts.push({ turn, verdict: 'error', reason: raised.map((i) => `${quoted(i)}: ${i.error}`).join(' ') });
  }

  const judged = intentions.filter((i): i is IntentionStep & { verdict: 'yes' | 'no' } => i.verdict !== null);
  return {
    score: conversationCompletenessScore(judged.map((i) => i.verdict)),
    failing: judged.filter((i) => i.verdict === 'no').map((i) => `Not met: ${quoted(i)}. ${i.reason}`),
    all: judged.map((i) => `${i.verdict === 'no' ? 'Not met' : 'Met'}: ${quoted(i)}. ${i.reason}`),
    emptyNote: 'The user expressed no intention, so none could be left unmet.',
  };
}

/** Does the assistant satisfy every intention the user brings to the conversation (deepeval's ConversationCompletenessMetric)? */
export class ConversationCompletenessMetric extends metricClass({
  name: 'conversation_completeness',
  options: conversationCompletenessOptionsSchema,
  steps: conversationCompletenessSteps,
  pipeline,
}) {}
