import type { Conversation } from '../../domain/conversation';
import type { MetricContext } from '../shared/context';
import type { PipelineOutcome } from '../shared/run-metric';
import { metricClass } from '../shared/metric-class';
import { roleAdherenceSteps } from './steps';
import { runStep } from '../shared/run-step';
import { requireField, requireTurns } from '../shared/units';
import { buildRoleVerdictsPrompt } from './prompts';
import { roleAdherenceOptionsSchema } from './schema';
import { roleAdherenceScore } from './score';

export { roleAdherenceOptionsSchema, type RoleAdherenceOptions } from './schema';
export { roleAdherenceScore } from './score';

interface TurnStep {
  turn: number;
  verdict: 'yes' | 'no';
  reason: string;
}

async function pipeline(ctx: MetricContext, conversation: Conversation): Promise<PipelineOutcome> {
  requireTurns(conversation);
  const chatbotRole = requireField(conversation.chatbotRole, 'chatbot_role');
  const { turns } = conversation;
  const assistantTurns = turns.flatMap((t, i) => (t.role === 'assistant' ? [i] : []));
  const judged: TurnStep[] = [];
  ctx.steps.turns = judged;
  ctx.steps.chatbotRole = chatbotRole;

  // One call for the whole conversation, as the reference makes; the reply names a verdict for
  // every assistant turn, so each turn's verdict is its own (the reference lists only the failures).
  if (assistantTurns.length > 0) {
    const output = await runStep(ctx, {
      step: 'role_adherence.verdicts',
      input: { chatbotRole, turns: turns.map((t, i) => ({ turn: i + 1, role: t.role, content: t.content })) },
      prompt: buildRoleVerdictsPrompt,
    });
    for (const i of assistantTurns) {
      const entry = output.verdicts[String(i + 1)];
      judged.push({ turn: i, verdict: entry.verdict, reason: entry.reason });
      ctx.verdicts.push({ turn: i, verdict: entry.verdict, reason: entry.reason });
    }
  }

  const outOfCharacter = judged.filter((t) => t.verdict === 'no');
  return {
    score: roleAdherenceScore(assistantTurns.length, outOfCharacter.length),
    failing: outOfCharacter.map((t) => `Turn ${t.turn + 1}: ${t.reason}`),
    all: judged.map((t) => `Turn ${t.turn + 1}: ${t.reason}`),
    emptyNote: 'The conversation has no assistant turn, so no reply could break the role.',
  };
}

/** Does every assistant turn stay in the conversation's chatbot role (deepeval's RoleAdherenceMetric)? */
export class RoleAdherenceMetric extends metricClass({
  name: 'role_adherence',
  options: roleAdherenceOptionsSchema,
  steps: roleAdherenceSteps,
  pipeline,
}) {}
