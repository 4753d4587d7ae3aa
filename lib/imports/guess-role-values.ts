import { normaliseRole, type RoleValues } from '../datasets';

const USER_WORDS = /user|customer|client|human|caller|visitor|guest|patient|student|buyer/i;
const ASSISTANT_WORDS = /assistant|bot|agent|ai\b|support|model|operator|advisor|rep\b/i;

/**
 * A first guess at what a CSV's own role values stand for. Known names keep their role; the
 * others go by their words when those tell the two sides apart, and otherwise by order: the
 * first value seen speaks first, so it is the user (agent_1 → user, agent_2 → assistant).
 */
export function guessRoleValues(values: readonly string[]): RoleValues {
  const guess: RoleValues = {};
  const unknown = values.filter((v) => normaliseRole(v) === null);
  for (const v of values) {
    const known = normaliseRole(v);
    if (known) guess[v] = known;
  }
  const byWords = unknown.map((v) => (USER_WORDS.test(v) ? 'user' : ASSISTANT_WORDS.test(v) ? 'assistant' : null));
  const tellsApart = byWords.every((r) => r !== null) && new Set([...byWords, ...Object.values(guess)]).size === 2;
  unknown.forEach((v, i) => {
    guess[v] = tellsApart ? byWords[i]! : i === 0 && !Object.values(guess).includes('user') ? 'user' : 'assistant';
  });
  return guess;
}
