import { stepSchemas, type StepInput, type StepName, type StepOutput } from '../steps';
import type { LlmOnlyStep } from './run-step';

/*
 * The steps the offline judge has no rule for belong to metrics that need an LLM judge; a run
 * never sends them to it. A cost preview still has to walk their pipelines to count calls and
 * tokens, so it takes these stand-in replies: shaped as a real one (one entry per item, a
 * sentence of reason), saying nothing about the conversation. Never a score anyone reads.
 */

const PLANNED = 'A reply of about this length, planned for the estimate.';

const answers: { [S in LlmOnlyStep]: (input: StepInput<S>) => StepOutput<S> } = {
  'role_adherence.verdicts': (input) => ({
    verdicts: Object.fromEntries(input.turns.filter((t) => t.role === 'assistant').map((t) => [String(t.turn), { verdict: 'yes' as const, reason: PLANNED }])),
  }),
  // One intention per user turn, each met.
  'conversation_completeness.intentions': (input) => ({
    intentions: input.turns.filter((t) => t.role === 'user').map((t) => ({ intention: `The user wants: ${t.content.slice(0, 60)}`, turn: t.turn })),
  }),
  'conversation_completeness.verdict': () => ({ verdict: 'yes', reason: PLANNED }),
  'goal_accuracy.goal': () => ({ score: 1, reason: PLANNED }),
  'goal_accuracy.plan': () => ({ score: 1, reason: PLANNED }),
  // One pair per assistant turn of the interaction, answered on topic.
  'topic_adherence.qa_pairs': (input) => ({
    pairs: input.turns.filter((t) => t.role === 'assistant').map((t) => ({ question: PLANNED, response: t.content.slice(0, 60), turn: t.turn })),
  }),
  'topic_adherence.verdict': () => ({ verdict: 'TP', reason: PLANNED }),
  'tool_use.selection': () => ({ score: 1, reason: PLANNED }),
  'tool_use.arguments': () => ({ score: 1, reason: PLANNED }),
  'replay.simulate_user': () => ({ status: 'continue', message: PLANNED, reason: PLANNED }),
};

/** A stand-in reply to a step of a metric that needs an LLM judge, for planning only. */
export function plannedAnswer(step: StepName, input: unknown): unknown {
  const answer = (answers as Record<string, ((input: never) => unknown) | undefined>)[step];
  if (!answer) throw new Error(`no planned answer for judge step ${step}`);
  return answer(stepSchemas[step].input.parse(input) as never);
}
