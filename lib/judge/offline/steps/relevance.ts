import type { StepInput, StepOutput } from '../../steps';
import { analyse, analyseTerms, type Sentence, type Term } from '../text/analyse';
import { bagOf, contentTerms, holds } from '../text/overlap';
import { isFormula, isQuestion } from '../text/speech-acts';
import { informativeness } from '../text/frequency';
import { EVALUATIVE, RATING } from '../text/lexicon';
import { offlineReason } from './reason-prefix';
import { defaultRelevanceModel, relevanceProbability, type RelevanceFeatures, type RelevanceModel } from '../model/relevance-model';
import { relevanceFeatures } from './relevance-features';
import { announcesTopicChange, asksForTopicChange } from '../text/topic-change';

type Input = StepInput<'conversation_relevancy.relevance'>;
type Output = StepOutput<'conversation_relevancy.relevance'>;
type Message = Input['window'][number];

/** Content words of a reply that reads as a direct answer ("Paris.", "On May 3rd."). */
const SHORT_ANSWER = 3;

const CLARIFYING = /\b(?:what do you mean|(?:do|did) you mean|you mean|could you (?:clarify|elaborate|explain|be more specific)|can you (?:clarify|elaborate|explain|be more specific)|tell me more|more (?:details?|context|information)|which one|which \w+|what kind|what sort|specify|clarify|rephrase)\b/i;

/** A reply that declines or deflects the request still addresses it ("I can't check the weather, sorry."). */
const REFUSAL = /\b(?:i|we)\s*(?:can(?:'|no)t|cannot|can not|am not able to|'m not able to|are not able to|'re not able to|am unable to|'m unable to|are unable to|'re unable to|don't have (?:access|information|any information|the ability)|do not have (?:access|information|any information|the ability)|won't be able to)\b|\b(?:sorry|unfortunately|i'm afraid)\b.*\b(?:can(?:'|no)t|cannot|unable|not able|don't|do not|no)\b|\b(?:outside|beyond) (?:my|our|the) (?:scope|expertise|knowledge|abilities)\b|\bnot (?:something|a topic) (?:i|we) can\b/i;

/** What kind of answer a question asks for, by its question word. */
type AnswerType = 'free' | 'yesno' | 'amount' | 'time' | 'person' | 'place' | 'reason' | 'manner' | 'open';

function answerType(question: string): AnswerType {
  const q = question.trim().toLowerCase().replace(/^(?:and|so|but|ok(?:ay)?|also|then|well)\b,?\s*/, '');
  // "Tell me a joke": any content can answer a request for a joke, story or idea.
  if (/\b(?:an?|some|another|one more|your)\s+(?:\w+\s+)?(?:joke|story|poem|riddle|fun fact|fact|quote|example|idea|suggestion|recommendation|tip)s?\b/.test(q)) return 'free';
  if (/^how (?:many|much|long|often|old|far|big|large|high|tall|fast|soon)\b|^what(?:'s| is)? (?:the )?(?:price|cost|number|amount|percentage|total|fee|rate)\b/.test(q)) return 'amount';
  if (/^when\b|^what (?:time|day|date|year|month)\b|^(?:at )?what time\b|^how soon\b/.test(q)) return 'time';
  if (/^(?:who|whom|whose)\b/.test(q)) return 'person';
  if (/^where\b/.test(q)) return 'place';
  if (/^why\b/.test(q)) return 'reason';
  if (/^how\b/.test(q)) return 'manner';
  if (/^(?:is|are|am|was|were|do|does|did|can|could|would|will|shall|should|may|might|have|has|had|isn't|aren't|don't|doesn't|didn't|won't|wouldn't|can't|couldn't)\b/.test(q)) return 'yesno';
  return 'open';
}

const has = (terms: readonly Term[], ...tags: string[]): boolean => terms.some((t) => tags.some((tag) => t.tags.has(tag)));
/** A fragment ("Paris.", "Thirty days.") rather than a statement with a verb of its own. */
const isFragment = (s: Sentence): boolean => !s.terms.some((t) => t.tags.has('Verb') && !t.tags.has('Copula') && !t.tags.has('Auxiliary'));
const YES_NO = /^(?:yes|yeah|yep|yup|no|nope|nah|sure|of course|certainly|definitely|absolutely|correct|not (?:yet|really|at all)|it (?:does|doesn't|is|isn't|can|can't|will|won't)|(?:i|we|you|they|he|she) (?:do|don't|did|didn't|can|can't|will|won't|are|aren't|have|haven't))\b/i;

/** Does a one-sentence reply fit the answer the question asks for, though it shares no word with it? */
function fitsAnswer(type: AnswerType, s: Sentence, terms: readonly Term[]): boolean {
  const text = s.text.trim();
  const numeric = terms.some((t) => t.value !== null) || has(terms, 'Money', 'Percent', 'Value');
  const temporal = has(s.terms, 'Date', 'Time', 'Month', 'WeekDay', 'Duration') || /^(?:on|at|in|by|before|after|during|around|until|from|since|next|last|this|tomorrow|today|tonight|yesterday)\b/i.test(text);
  const named = terms.some((t) => t.name);
  const short = terms.length <= SHORT_ANSWER;
  switch (type) {
    case 'free':
      return true;
    case 'yesno':
      return YES_NO.test(text);
    case 'amount':
      return numeric && short;
    case 'time':
      return (numeric || temporal) && short;
    case 'person':
      // A person's name answers "who", however it is put ("There is commander Bolton, who…").
      return (named && short) || has(terms, 'Person') || ((named || has(terms, 'Organization')) && short);
    case 'place':
      return (named || /^(?:in|at|on|under|near|behind|inside|outside|next to|from|to|by|above|below|between)\b/i.test(text)) && short;
    case 'reason':
      return /^(?:because|since|as|due to|so that|to)\b/i.test(text);
    case 'manner':
      // "How do I reset it?" → "Go to Settings." or "By phone."
      return /^by\b/i.test(text) || (short && isFragment(s)) || s.terms[0]?.tags.has('Imperative') === true;
    case 'open':
      return short && isFragment(s);
  }
}

/** What kind of value a noun asks for, when a follow-up question names it ("What about the year?"). */
const ASKED_KIND: readonly [RegExp, (terms: readonly Term[], text: string) => boolean][] = [
  [/^(?:year|month|day|date|time|hour|birthday|weekday)s?$/, (terms) => has(terms, 'Date', 'Time', 'Month', 'WeekDay', 'Duration', 'Value')],
  [/^(?:surname|name|first name|last name)s?$/, (terms) => terms.some((t) => t.name) || has(terms, 'Person')],
  [/^(?:city|country|state|town|address|street|zip|postcode|place)s?$/, (terms) => has(terms, 'Place') || terms.some((t) => t.value !== null)],
  [/^(?:number|amount|price|total|digits?|code)s?$/, (terms) => terms.some((t) => t.value !== null)],
];

/**
 * A short follow-up question that asks for a part of what the user just gave: "What about the
 * year?" after "It's July 9th", "And the city?" after a street address.
 */
function asksForMissingPart(reply: Sentence, replyTerms: readonly Term[], userTerms: readonly Term[]): boolean {
  if (!isQuestion(reply.text) || replyTerms.length === 0 || replyTerms.length > SHORT_ANSWER) return false;
  return replyTerms.some((t) => ASKED_KIND.some(([noun, given]) => noun.test(t.norm) && given(userTerms, '')));
}

/** Below this, a word is too common to tie two messages to one subject ("new", "again", "need"). */
const LINK_INFORMATIVENESS = 0.5;

/**
 * Words that link a reply to a message: what it is about (names, things, telling words), not
 * how the speaker feels about it, nor the common words and small counts any two messages share.
 */
const linkTerms = (terms: readonly Term[]): Term[] =>
  terms.filter((t) => {
    if (RATING.has(t.norm) || EVALUATIVE.has(t.norm) || RATING.has(t.stem)) return false;
    if (t.value !== null) return Math.abs(t.value) >= 100;
    if (t.name || t.tags.has('Noun')) return true;
    return informativeness(t.norm) >= LINK_INFORMATIVENESS;
  });

/** The metric's window ends with the reply under judgement; its words are not context for itself. */
function contextMessages(window: readonly Message[], reply: string): Message[] {
  const last = window[window.length - 1];
  return last && last.role === 'assistant' && last.content.trim() === reply ? window.slice(0, -1) : [...window];
}

/**
 * A reply that goes on about what was just said by pointing back at it ("It is a movie from
 * 2010", "Yeah, he is a very selfish type"): its subject is a pronoun or "the" + a word for the
 * thing under discussion, so it continues the subject whatever new words it brings.
 */
const POINTS_BACK = /^(?:(?:yes|yeah|yep|no|nope|oh|ah|well|so|and|but|also|true|right|haha|lol|hmm+|wow)\b[\s,.!-]*)*(?:it|it's|its|he|he's|his|she|she's|her|they|they're|their|this|that|that's|these|those|the (?:movie|film|show|book|story|plot|ending|character|characters|cast|director|actor|actress|main character|lead|critics?|reviews?|rating|score))\b/i;

/** "I don't know", "it doesn't say": an answer to a question, if not the one hoped for. */
const DONT_KNOW = /\b(?:i (?:do ?n[o']?t|dont|didn't|did not) (?:know|remember|recall)|(?:i'm|i am) not sure|no idea|(?:it|that) (?:does ?n[o']?t|doesnt|does not) (?:say|state|mention|tell)|(?:doesn't|does not|didn't|did not) say|not (?:mentioned|stated|listed))\b/i;

/** A noun of the user's question that the reply takes up, kind words included ("What is the movie about?" → "The movie is about…"). */
function echoesQuestion(question: Sentence, replyTerms: readonly Term[]): Term[] {
  const asked = new Set(contentTerms(question.terms).filter((t) => t.tags.has('Noun') || t.name).map((t) => t.stem));
  return replyTerms.filter((t) => asked.has(t.stem));
}

const list = (terms: readonly Term[]): string => terms.slice(0, 5).map((t) => t.text).join(', ');

/** A verdict a rule settled, or the features of a reply no rule settled and the "no" it gets without the model. */
export type RuleOutcome = { settled: Output } | { features: RelevanceFeatures; no: Output };

/** The rules alone: decisive ties and answers, else what the model needs to weigh the reply. */
export function relevanceByRules(input: Input): RuleOutcome {
  const reply = input.assistantMessage.trim();
  const yes = (text: string): { settled: Output } => ({ settled: { verdict: 'yes', reason: offlineReason(text) } });
  if (!reply) return { settled: { verdict: 'no', reason: offlineReason('The reply is empty.') } };
  // Said outright, a change of subject is one, whatever follows it; unless the user asked for it.
  if (announcesTopicChange(reply) && !asksForTopicChange(input.userMessage)) {
    return { settled: { verdict: 'no', reason: offlineReason('The reply announces a change of subject ("let\'s talk about something else", "on another note") instead of taking up what the user said.') } };
  }
  const sentences = analyse(reply).filter((s) => !isFormula(s.text));
  if (sentences.length === 0) return yes('The reply is a greeting or acknowledgement, which fits the exchange.');
  const userSentences = analyse(input.userMessage);
  if (isFormula(input.userMessage) || userSentences.every((s) => isFormula(s.text))) {
    return yes('The user greeted or acknowledged; a short or general reply fits.');
  }
  const replyTerms = contentTerms(sentences.flatMap((s) => s.terms));
  if (replyTerms.length === 0) return yes('The reply is short and general but does not change the subject.');
  const window = contextMessages(input.window, reply);
  const context = bagOf([input.userMessage, ...window.map((m) => m.content)].flatMap(analyseTerms));
  // "Got it. What is your phone number?" after the user answered the assistant's question: the
  // reply takes the answer and moves the exchange on.
  const previous = [...window].reverse().find((m) => m.role === 'assistant');
  const acknowledged = analyse(reply)[0] !== undefined && isFormula(analyse(reply)[0].text);
  if (acknowledged && previous && analyse(previous.content).some((s) => isQuestion(s.text)) && sentences.some((s) => isQuestion(s.text))) {
    return yes('The reply acknowledges the user\'s answer to its question and moves on with the next one.');
  }
  const shared = linkTerms(replyTerms).filter((t) => holds(context, t));
  if (shared.length > 0) return yes(`The reply takes up what the user said (${list(shared)}).`);
  if (sentences.length === 1 && asksForMissingPart(sentences[0], replyTerms, analyseTerms(input.userMessage))) {
    return yes('The reply asks for a part of what the user just gave, a short follow-up that fits.');
  }
  if (sentences.every((s) => isQuestion(s.text)) && sentences.some((s) => CLARIFYING.test(s.text) || (/\b(?:you|your)\b/i.test(s.text) && replyTerms.length <= 1))) {
    return yes('The reply asks the user to clarify their request.');
  }
  if (REFUSAL.test(reply)) return yes('The reply declines or deflects the request, which still addresses it.');
  // "What is the capital of France?" → "Paris." shares no word yet answers; a heuristic cannot
  // check the answer, only that it is the kind of answer the question asks for.
  const question = [...userSentences].reverse().find((s) => isQuestion(s.text));
  if (question) {
    const echoed = echoesQuestion(question, replyTerms);
    if (echoed.length > 0) return yes(`The reply takes up what the user asked about (${list(echoed)}).`);
    if (DONT_KNOW.test(reply)) return yes('The reply says it does not know, which answers the question even if not as hoped.');
    // "No." alone is dropped from `sentences` as a formula: read the reply itself.
    if (answerType(question.text) === 'yesno' && YES_NO.test(reply)) return yes('The reply answers the user\'s yes-or-no question.');
  }
  if (window.length > 0 && POINTS_BACK.test(sentences[0].text.trim())) {
    return yes('The reply goes on about what was just said, pointing back at it (it, he, she, they, the …).');
  }
  if (question && answerType(question.text) === 'free') return yes('The user asked for free content (a joke, story or idea); any reply of that kind fits.');
  // The answer leads; what follows it may add anything ("An NFL player named Michael Oher. He played for Baltimore.").
  const lead = sentences[0];
  if (question && !isQuestion(lead.text) && fitsAnswer(answerType(question.text), lead, contentTerms(lead.terms))) {
    return yes('The reply opens with a direct answer of the kind the user\'s question asks for.');
  }
  const asked = linkTerms(contentTerms(analyseTerms(input.userMessage)));
  const about = `the reply talks about ${list(replyTerms)}`;
  const text = asked.length > 0
    ? `The user ${question ? 'asked' : 'wrote'} about ${list(asked)}, but ${about}: it shares nothing with the user's message or the conversation so far and does not answer it.`
    : `The reply (about ${list(replyTerms)}) shares no content with the user's message or the conversation so far.`;
  const features = relevanceFeatures({ reply, sentences, replyTerms, context, contextTerms: [input.userMessage, ...window.map((m) => m.content)].flatMap(analyseTerms), userAsked: question !== undefined });
  return { features, no: { verdict: 'no', reason: offlineReason(text) } };
}

/**
 * Relevant when a rule says so, or when the fitted model rates a reply that stays in the
 * exchange (reacts, talks back, shares a root or a common word) as likely as the human
 * replies it was fitted on; a reply about something else entirely stays irrelevant.
 */
export function judgeRelevance(input: Input, model: RelevanceModel = defaultRelevanceModel): Output {
  const outcome = relevanceByRules(input);
  if ('settled' in outcome) return outcome.settled;
  const p = relevanceProbability(model, outcome.features);
  if (p >= model.cutoff) {
    return { verdict: 'yes', reason: offlineReason(`The reply shares no telling word with the conversation but stays in the exchange (it reacts, talks back or shares a root word); the fitted model rates it ${p.toFixed(2)} likely relevant, at least the ${model.cutoff.toFixed(2)} cut-off.`) };
  }
  return outcome.no;
}
