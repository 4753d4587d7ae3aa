import type { StepInput, StepOutput } from '../../steps';
import { offlineReason } from './reason-prefix';
import { analyseTerms, type Term } from '../text/analyse';
import { bagOf, contentTerms, holds } from '../text/overlap';

/*
 * G-Eval steps answered without a model: a keyword and overlap heuristic. The criteria's content
 * words are what the replies should speak to; a score is the share of them the replies take up.
 * It cannot tell whether a policy was followed, only whether its subject came up: a smoke test.
 */

/** Words every set of steps uses and no reply needs to repeat. */
const STEP_WORDS = new Set(['check', 'assistant', 'reply', 'replies', 'response', 'responses', 'conversation', 'user', 'whether', 'turn', 'turns', 'evaluate', 'criteria', 'chatbot', 'message', 'messages']);

const keyTerms = (texts: readonly string[]): Term[] =>
  contentTerms(texts.flatMap(analyseTerms)).filter((t) => !STEP_WORDS.has(t.norm) && t.value === null);

const list = (terms: readonly Term[]) => terms.slice(0, 6).map((t) => t.text).join(', ');

export function writeGEvalSteps(input: StepInput<'g_eval.steps'>): StepOutput<'g_eval.steps'> {
  const sentences = input.criteria
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim().replace(/[.!?]+$/, ''))
    .filter(Boolean);
  const steps = sentences.slice(0, 4).map((s) => `Check whether ${s.charAt(0).toLowerCase()}${s.slice(1)}.`);
  return { steps: steps.length > 0 ? steps : ['Check whether the assistant\'s replies meet the criteria.'] };
}

/** The share of the steps' key words a text takes up, and which. */
function coverage(steps: readonly string[], texts: readonly string[]): { share: number; found: Term[]; missing: Term[] } {
  const keys = keyTerms(steps);
  if (keys.length === 0) return { share: 1, found: [], missing: [] };
  const bag = bagOf(texts.flatMap(analyseTerms));
  const found = keys.filter((t) => holds(bag, t));
  return { share: found.length / keys.length, found, missing: keys.filter((t) => !found.includes(t)) };
}

export function judgeGEvalConversation(input: StepInput<'g_eval.conversation'>): StepOutput<'g_eval.conversation'> {
  const assistant = input.turns.filter((t) => t.role === 'assistant' && t.content);
  const { share, found, missing } = coverage(input.steps, assistant.map((t) => t.content ?? ''));
  const score = Math.round(10 * share);
  // The turns that take up none of the key words cost the points, when some were missed.
  const turns =
    score < 10
      ? assistant
          .filter((t) => coverage(input.steps, [t.content ?? '']).found.length === 0)
          .map((t) => ({ turn: t.turn, reason: offlineReason(`Turn ${t.turn} takes up none of the criteria's key words (${list(missing.length ? missing : found)}).`) }))
      : [];
  const reason = found.length
    ? `The assistant's replies take up ${found.length} of ${found.length + missing.length} key words of the criteria (${list(found)})${missing.length ? `; not ${list(missing)}` : ''}.`
    : `The assistant's replies take up none of the criteria's key words (${list(missing)}).`;
  return { score, reason: offlineReason(reason), turns };
}

export function judgeGEvalTurn(input: StepInput<'g_eval.turn'>): StepOutput<'g_eval.turn'> {
  const [low, high] = input.range;
  const { share, found, missing } = coverage(input.steps, [input.turn.content ?? '']);
  const score = low + Math.round((high - low) * share);
  const reason = found.length
    ? `The reply takes up ${found.length} of ${found.length + missing.length} key words of the criteria (${list(found)})${missing.length ? `; not ${list(missing)}` : ''}.`
    : `The reply takes up none of the criteria's key words (${list(missing)}).`;
  return { score, reason: offlineReason(reason) };
}
