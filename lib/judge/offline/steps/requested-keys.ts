import { analyse } from '../text/analyse';
import { isQuestion } from '../text/speech-acts';

/** Questions about the user that name no "your X" still ask for a known key. */
const IMPLIED: readonly [RegExp, string][] = [
  [/\bwho are you\b|\bwhat(?:'s| is) your name\b|\bwhat should i call you\b/i, 'name'],
  [/\bwhere do you live\b/i, 'address'],
  [/\bhow old are you\b/i, 'age'],
  [/\bwhen were you born\b/i, 'date of birth'],
  [/\bwhere (?:are you from|do you come from)\b/i, 'origin'],
  [/\bwhere do you work\b/i, 'workplace'],
];

const YOUR_X = /\byour ([a-z][a-z\- ]{0,40}?)(?=\s*(?:[?.!,;:]|$|\b(?:again|once more|please|so|and|for|to|with|that|which|in|on|at|if|as|before|when|where|because|you|so that)\b))/gi;
/** A request stated, not asked: "Next, I'll need your account number." */
const NEED_YOUR = /\b(?:i|we)(?:'ll| will| would|'d)? need your\b/i;
/** "the country code of your phone number" asks for the country code, not the phone number. */
const PART_OF = /\bthe(?: [a-z-]+){1,3} of\s*$/i;

/** The keys (e.g. "full name", "bank account number") that the questions of a message ask for. */
export function requestedKeys(message: string): string[] {
  const keys: string[] = [];
  for (const s of analyse(message)) {
    if (!isQuestion(s.text) && !NEED_YOUR.test(s.text)) continue;
    for (const m of s.text.matchAll(YOUR_X)) {
      if (!PART_OF.test(s.text.slice(0, m.index))) keys.push(m[1].trim().toLowerCase());
    }
    for (const [re, key] of IMPLIED) if (re.test(s.text)) keys.push(key);
  }
  return [...new Set(keys)];
}
