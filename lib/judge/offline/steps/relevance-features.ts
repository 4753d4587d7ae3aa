import type { Sentence, Term } from '../text/analyse';
import { holds, type Bag } from '../text/overlap';
import { isQuestion } from '../text/speech-acts';
import type { RelevanceFeatures } from '../model/relevance-model';
import { informativeness } from '../text/frequency';
import { STOPWORDS } from '../text/lexicon';
import { stem } from '../text/stem';
import { senseDescription } from '../text/wordnet';
import { EVALUATIVE, RATING } from '../text/lexicon';

const feels = (t: Term): boolean => RATING.has(t.norm) || EVALUATIVE.has(t.norm) || RATING.has(t.stem) || EVALUATIVE.has(t.stem);

/** Shortest shared beginning that ties two words to one root ("allergies" / "allergic", "orthodontist" / "orthodontics"). */
const ROOT = 5;

/** Opens by reacting to what the user said: agreeing, disagreeing, "me too", "I think so". */
const REACTION = /^(?:yes|yeah|yea|yep|yup|no|nope|nah|oh|ah|wow|haha|lol|true|right|same|agreed|exactly|definitely|absolutely|sure|really|well|me too|i agree|i think|i guess|i believe|i know|i hope|i would|i'd|i wish|especially|indeed|of course|interesting|cool|nice|that's|thats)\b/i;

/** Words that refer to something named elsewhere: third-person pronouns and "there". */
const REFERRING = new Set(['it', 'its', "it's", 'they', 'them', 'their', 'theirs', "they're", 'he', 'him', 'his', "he's", 'she', 'her', "she's", 'there', 'those', 'these']);

/**
 * Refers back to something already said (cohesion by reference): a pronoun comes before any
 * noun or name of the first sentence, so what it stands for is outside the reply ("They use a
 * special pan", "I've only had it once"), not later in it ("Hawaii is… its islands").
 */
function refersBack(first: Sentence | undefined): boolean {
  for (const t of first?.terms ?? []) {
    if (REFERRING.has(t.norm)) return true;
    if (t.name || (t.tags.has('Noun') && !t.tags.has('Pronoun'))) return false;
  }
  return false;
}

/** Joins the reply to the last turn: "too", "also", "but", "especially", "though" (cohesion by conjunction). */
const CONNECTIVE = /\b(?:too|also|as well|either|neither|but|though|although|however|especially|instead|even|because|so)\b/i;

/** Share of the reply's words the context holds, however common (a rule already took the telling ones). */
function weakShare(replyTerms: readonly Term[], context: Bag): number {
  return replyTerms.length === 0 ? 0 : replyTerms.filter((t) => holds(context, t)).length / replyTerms.length;
}

function prefixShare(replyTerms: readonly Term[], contextWords: readonly string[]): number {
  if (replyTerms.length === 0) return 0;
  const roots = new Set(contextWords.filter((w) => w.length >= ROOT).map((w) => w.slice(0, ROOT)));
  return replyTerms.filter((t) => t.norm.length >= ROOT && roots.has(t.norm.slice(0, ROOT))).length / replyTerms.length;
}

/** Below this a description word is too common to tie two subjects ("used", "part", "made"). */
const TELLING = 0.7;

function describedBy(terms: readonly Term[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of terms) {
    if (t.name || t.value !== null) continue;
    for (const w of senseDescription(t.norm)) {
      if (STOPWORDS.has(w)) continue;
      const info = informativeness(w);
      if (info >= TELLING) out.set(stem(w), info);
    }
  }
  return out;
}

/**
 * Share of the reply's words tied to the context through WordNet: the word's description holds
 * a context word, or a context word's description holds it ("sunset" is described by "sun").
 */
function senseShare(replyTerms: readonly Term[], contextTerms: readonly Term[]): number {
  if (replyTerms.length === 0) return 0;
  const content = contextTerms.filter((t) => t.content && !t.name && t.value === null);
  const contextStems = new Set(content.map((t) => t.stem));
  const contextDescribed = describedBy(content);
  return replyTerms.filter((t) => contextDescribed.has(t.stem) || [...describedBy([t]).keys()].some((s) => contextStems.has(s))).length / replyTerms.length;
}

/**
 * The numbers the relevance model reads off a reply that shares no telling word with the
 * conversation. Bounded text only: every input went through `analyse`, which cuts it.
 */
export function relevanceFeatures(input: {
  reply: string;
  sentences: readonly Sentence[];
  replyTerms: readonly Term[];
  context: Bag;
  contextTerms: readonly Term[];
  userAsked: boolean;
}): RelevanceFeatures {
  const contextWords = input.contextTerms.filter((t) => t.content && !feels(t)).map((t) => t.norm);
  // How the speaker feels ("enjoy", "great") ties no two subjects, as for the rules' links:
  // "I enjoy gardening" does not continue "I enjoy superhero movies".
  const replyTerms = input.replyTerms.filter((t) => !feels(t));
  return {
    weakShare: weakShare(replyTerms, input.context),
    prefixShare: prefixShare(replyTerms, contextWords),
    senseShare: senseShare(replyTerms, input.contextTerms.filter((t) => !feels(t))),
    reaction: REACTION.test(input.reply.trim()) ? 1 : 0,
    reference: refersBack(input.sentences[0]) ? 1 : 0,
    connective: CONNECTIVE.test(input.sentences[0]?.text ?? '') ? 1 : 0,
    addressesUser: /\b(?:you|your|you're|yours)\b/i.test(input.reply) ? 1 : 0,
    asksBack: input.sentences.some((s) => isQuestion(s.text)) ? 1 : 0,
    userAsked: input.userAsked ? 1 : 0,
  };
}
