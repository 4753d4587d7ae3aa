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

const YOUR_X = /\byour ([a-z][a-z\- ]{0,40}?)(?=\s*(?:[?.!,;:]|$|\b(?:again|once more|please|so|and|for|to|with|that|which|in|on|at|if|as|before|when|because|you|so that)\b))/gi;

/** The keys (e.g. "full name", "bank account number") that the questions of a message ask for. */
export function requestedKeys(message: string): string[] {
  const keys: string[] = [];
  for (const s of analyse(message)) {
    if (!isQuestion(s.text)) continue;
    for (const m of s.text.matchAll(YOUR_X)) keys.push(m[1].trim().toLowerCase());
    for (const [re, key] of IMPLIED) if (re.test(s.text)) keys.push(key);
  }
  return [...new Set(keys)];
}
