import type { StepInput, StepOutput } from '../../steps';
import { analyse } from '../text/analyse';
import { PURE_HEDGE } from '../text/lexicon';
import { PERSONAL_ELLIPSIS, isFormula, isPureOpinion, isQuestion, isReaction, presupposedTerms, stripHedges } from '../text/speech-acts';

/** "Did you know that X?" asserts X. */
const RHETORICAL = /^(?:(?:and |so |but )?(?:did|do) you know|(?:have|had) you heard|did you hear|fun fact)(?: that)?,? /i;

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The claim a sentence makes, or null when it makes none (greeting, reaction, hedge, or a
 * question that brings in no content). A question that does is kept whole as its claim.
 */
export function claimOf(sentence: string): string | null {
  let text = sentence.trim();
  // "I have.", "Me too": the speaker reports on themself, though every word is a function word.
  if (PERSONAL_ELLIPSIS.test(text)) return capitalise(text);
  if (isFormula(sentence)) return null;
  if (isQuestion(text)) {
    const bare = text.replace(/^(?:(?:i see|oh|yes|yeah|yea|well|so|and|hi|hello|hey|wow|ok|okay|sure|right|cool|great|nice|interesting|haha|lol|hmm)\s*[,!.]?\s+)+/i, '');
    if (!RHETORICAL.test(bare)) {
      // A question that brings in content ("Have you seen Maleficent?") presupposes it; the
      // verdict weighs only what it takes for granted.
      const [asked] = analyse(bare);
      if (!asked || !presupposedTerms(asked.terms).some((t) => t.content)) return null;
      return capitalise(bare);
    }
    text = bare.replace(RHETORICAL, '').replace(/\?+$/, '.');
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
  // Beside statements, a question hands the turn back to the user and the statements carry the
  // reply; a reply that is only a question is judged by what the question takes for granted.
  const statements = claims.filter((c) => !isQuestion(c));
  return { claims: statements.length > 0 ? statements : claims };
}
