import type { StepInput, StepOutput } from '../../steps';
import { analyse } from '../text/analyse';
import { PURE_HEDGE } from '../text/lexicon';
import { PERSONAL_ELLIPSIS, isFormula, isPureOpinion, isQuestion, isReaction, stripHedges } from '../text/speech-acts';

/** "Did you know that X?" asserts X. */
const RHETORICAL = /^(?:(?:and |so |but )?(?:did|do) you know|(?:have|had) you heard|did you hear|fun fact)(?: that)?,? /i;

/**
 * What follows "did you know" or "have you heard" when it asks rather than asserts: an embedded
 * question ("what broadcast he was on") or a thing asked about ("of the Beatles").
 */
const ASKS = /^(?:what|who|whom|whose|which|where|when|why|how|if|whether|of|about|anything|any)\b/i;

/** A question put as a statement: "I wonder what network he was on", "Any idea who directed it." */
const INDIRECT_QUESTION = /^(?:i (?:wonder|was wondering|am wondering)|i'm (?:wondering|curious)|i am curious|(?:any|no) idea|(?:i'd|i would) (?:like|love) to know|not sure|i'm not sure|i am not sure)(?: about)?,? (?:what|who|whom|whose|which|where|when|why|how|if|whether)\b/i;

/** Interjections before a question ("Oh, so do you know…"); each takes its punctuation and the space after it. */
const LEADING_MARKERS = /^(?:(?:i see|oh|yes|yeah|yea|well|so|and|hi|hello|hey|wow|ok|okay|sure|right|cool|great|nice|interesting|haha|lol|hmm)(?:\s*[,!.])?\s+)+/i;

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The claim a sentence makes, or null when it makes none (greeting, reaction, hedge, or a
 * question). A question asks; it states nothing to check, so it is never put as a claim, not
 * even as the statement its words would make ("Do you know what broadcast he was on?" is not
 * "What broadcast he was on."). Only "did you know X?" with X a statement asserts X.
 */
export function claimOf(sentence: string): string | null {
  let text = sentence.trim();
  // "I have.", "Me too": the speaker reports on themself, though every word is a function word.
  if (PERSONAL_ELLIPSIS.test(text)) return capitalise(text);
  if (isFormula(sentence)) return null;
  const bare = text.replace(LEADING_MARKERS, '');
  if (INDIRECT_QUESTION.test(bare) && !/,? but /i.test(bare)) return null;
  if (isQuestion(text)) {
    if (!RHETORICAL.test(bare)) return null;
    const asserted = bare.replace(RHETORICAL, '');
    if (ASKS.test(asserted)) return null;
    text = asserted.replace(/\?+$/, '.');
  }
  text = stripHedges(text);
  // "I don't remember, but X" asserts X.
  if (PURE_HEDGE.test(text) && /,? but /i.test(text)) text = stripHedges(text.slice(text.search(/,? but /i)).replace(/^,? but /i, ''));
  if (isFormula(text) || PURE_HEDGE.test(text)) return null;
  const [parsed] = analyse(text);
  if (!parsed || !parsed.terms.some((t) => t.content)) return null;
  // An opinion about the subject ("It's a fun movie") is a claim a source must back too; a
  // reaction to what the user just said ("That's so cool!") is not.
  if (isPureOpinion(parsed) && isReaction(parsed)) return null;
  return capitalise(text);
}

export function extractClaims(input: StepInput<'turn_faithfulness.claims'>): StepOutput<'turn_faithfulness.claims'> {
  const claims = analyse(input.message)
    .flatMap((s) => s.text.split(/;\s+/))
    .map(claimOf)
    .filter((c): c is string => c !== null);
  return { claims };
}
