import type { StepInput, StepOutput } from '../../steps';
import { analyse, analyseTerms } from '../text/analyse';
import { bagOf, contentTerms, holds } from '../text/overlap';
import { isFormula, isQuestion } from '../text/speech-acts';
import { offlineReason } from '../reason-prefix';

type Input = StepInput<'conversation_relevancy.relevance'>;
type Output = StepOutput<'conversation_relevancy.relevance'>;

/** Content words of a reply that reads as a direct answer ("Paris.", "On May 3rd."). */
const SHORT_ANSWER = 3;

const CLARIFYING = /\b(?:what do you mean|do you mean|could you (?:clarify|elaborate|explain|be more specific)|can you (?:clarify|elaborate|explain|be more specific)|tell me more|more (?:details?|context|information)|which one|what kind|what sort|specify|clarify|rephrase)\b/i;

export function judgeRelevance(input: Input): Output {
  const reply = input.assistantMessage.trim();
  const yes = (text: string): Output => ({ verdict: 'yes', reason: offlineReason(text) });
  if (!reply) return { verdict: 'no', reason: offlineReason('The reply is empty.') };
  const sentences = analyse(reply).filter((s) => !isFormula(s.text));
  if (sentences.length === 0) return yes('The reply is a greeting or acknowledgement, which fits the exchange.');
  if (isFormula(input.userMessage) || analyse(input.userMessage).every((s) => isFormula(s.text))) {
    return yes('The user greeted or acknowledged; a short or general reply fits.');
  }
  const replyTerms = contentTerms(sentences.flatMap((s) => s.terms));
  if (replyTerms.length === 0) return yes('The reply is short and general but does not change the subject.');
  const context = bagOf([input.userMessage, ...input.window.map((m) => m.content)].flatMap(analyseTerms));
  const shared = replyTerms.filter((t) => holds(context, t));
  if (shared.length > 0) {
    const words = shared.slice(0, 5).map((t) => t.text).join(', ');
    return yes(`The reply takes up what the user said (${words}).`);
  }
  if (sentences.every((s) => isQuestion(s.text)) && sentences.some((s) => CLARIFYING.test(s.text))) {
    return yes('The reply asks the user to clarify their request.');
  }
  // "What is the capital of France?" → "Paris." shares no word yet answers; a heuristic cannot
  // check the answer, so a short reply to a question counts as an answer.
  if (isQuestion(input.userMessage) && replyTerms.length <= SHORT_ANSWER && sentences.length === 1 && !isQuestion(sentences[0].text)) {
    return yes('The reply is a short, direct answer to the user\'s question.');
  }
  const words = replyTerms.slice(0, 5).map((t) => t.text).join(', ');
  return { verdict: 'no', reason: offlineReason(`The reply (about ${words}) shares no content with the user's message or the conversation so far.`) };
}
