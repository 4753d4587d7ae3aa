import type { StepInput, StepOutput } from '../../steps';
import { analyse } from '../text/analyse';
import { isClarification, isQuestion } from '../text/speech-acts';
import { keyStems, mentionsValue, personNames, sameKey, valueKey } from '../text/keys';
import { offlineReason, quote } from './reason-prefix';
import { MENTIONED } from './facts';
import { requestedKeys } from './requested-keys';

type Input = StepInput<'knowledge_retention.attrition'>;
type Output = StepOutput<'knowledge_retention.attrition'>;

interface Known {
  key: string;
  /** Values of the latest turn that gave this key: a later turn corrects an earlier one. */
  current: string[];
  stale: string[];
  turn: number;
}

const ALIASES: readonly [RegExp, string][] = [
  [/^e-?mail(?: address)?$/, 'email'],
  [/^(?:tele)?phone(?: number)?$|^(?:mobile|cell)(?: phone)?(?: number)?$/, 'phone number'],
  [/^(?:home |street |postal )?address$/, 'address'],
  [/^(?:birthday|birth ?date|date of birth|dob)$/, 'date of birth'],
];

function canonicalKey(key: string): string {
  const k = key.toLowerCase().trim();
  return ALIASES.find(([re]) => re.test(k))?.[1] ?? k;
}

function knownFacts(knowledge: Input['knowledge']): Known[] {
  const byKey = new Map<string, Known>();
  for (const map of [...knowledge].sort((a, b) => a.turn - b.turn)) {
    for (const fact of map.facts) {
      const key = canonicalKey(fact.key);
      const entry = [...byKey.values()].find((k) => sameKey(k.key, key));
      // Topics accumulate: a new one does not correct an earlier one.
      if (entry && key === MENTIONED) {
        entry.current.push(...fact.values.filter((v) => !entry.current.includes(v)));
        entry.turn = map.turn;
      } else if (!entry) byKey.set(key, { key, current: [...fact.values], stale: [], turn: map.turn });
      else {
        const dropped = entry.current.filter((v) => !fact.values.some((n) => valueKey(n) === valueKey(v)));
        entry.stale.push(...dropped);
        entry.current = [...fact.values];
        entry.turn = map.turn;
      }
    }
  }
  return [...byKey.values()];
}

const FORGETS = /\b(?:i )?(?:don't|do not|didn't|did not|can't|cannot|couldn't|could not) (?:know|have|see|remember|recall|find)\b[^.?!]*\byour ([a-z][a-z\- ]{0,40})/i;
const VOCATIVE = /^(?:thanks|thank you|hi|hello|hey|ok(?:ay)?|great|sure|dear|welcome(?: back)?|of course|got it),? ([A-Z][\p{L}'-]+)/u;
const DIGITS = /\d[\d\s-]{2,}\d/g;

/**
 * The assistant asks the user to repeat or remind it of what was said: it has lost the whole
 * conversation, whatever facts it held.
 */
const LOST_THREAD = /\b(?:remind me,? (?:of |about )?(?:what|who|where|which|how|the)|what (?:were|are) we (?:talking|chatting|speaking|discussing)|what (?:was|were|is) (?:it|that) (?:you|we) (?:just )?(?:said|say|mentioned|talked)|what did (?:you|we) (?:just )?(?:say|said|mention|talk)|(?:can|could|would) you (?:please )?(?:repeat|say (?:that|it) again|go over (?:that|it) again|start over)|(?:i(?:'ve| have)?|sorry,? i) (?:forgot(?:ten)?|forget|lost track of|don't remember|do not remember|can't remember|cannot remember) (?:what|who|where|everything|all|our|the)|where were we)\b/i;

function describe(k: Known): string {
  return `${k.key} (given in turn ${k.turn} as ${quote(k.current.join(', '), 40)})`;
}

function judgeSentence(text: string, known: Known[]): string | null {
  if (LOST_THREAD.test(text)) {
    const said = known.map((k) => (k.key === MENTIONED ? quote(k.current.join(', '), 60) : k.key)).join('; ');
    return `The assistant asks the user to repeat what was already said (${said}): ${quote(text)}.`;
  }
  const matchKey = (phrase: string): Known | undefined => known.find((k) => sameKey(k.key, canonicalKey(phrase)));
  if (isQuestion(text) && !isClarification(text)) {
    for (const phrase of requestedKeys(text)) {
      const k = matchKey(phrase);
      if (k && !k.current.some((v) => mentionsValue(text, v))) return `The assistant asks again for the ${describe(k)}: ${quote(text)}.`;
    }
  }
  const forgot = text.match(FORGETS);
  const lost = forgot && matchKey(forgot[1].replace(/\s+(?:yet|again|here)$/, ''));
  if (lost) return `The assistant says it does not have the ${describe(lost)}: ${quote(text)}.`;

  for (const k of known) {
    const old = k.stale.find((v) => mentionsValue(text, v) && !k.current.some((c) => mentionsValue(text, c)));
    if (old) return `The assistant uses the old ${k.key} ${quote(old, 40)} that the user corrected in turn ${k.turn}: ${quote(text)}.`;
    const stems = keyStems(k.key);
    const talksOfKey = stems.length > 0 && analyse(text).some((s) => stems.every((st) => s.terms.some((t) => t.stem === st)));
    const numeric = k.current.filter((v) => /\d{3,}/.test(v.replace(/\D/g, '')));
    if (talksOfKey && numeric.length > 0) {
      const other = [...text.matchAll(DIGITS)].map((m) => m[0]).find((d) => !numeric.some((v) => valueKey(v).includes(valueKey(d)) || valueKey(d).includes(valueKey(v))));
      if (other) return `The assistant gives ${k.key} ${quote(other, 40)}, contradicting the ${describe(k)}.`;
    }
  }
  const name = known.find((k) => sameKey(k.key, 'name'));
  const called = text.match(VOCATIVE)?.[1];
  if (name && called && personNames(called).length > 0 && !name.current.some((v) => mentionsValue(v, called))) {
    return `The assistant calls the user ${quote(called, 30)}, contradicting the ${describe(name)}.`;
  }
  return null;
}

export function judgeAttrition(input: Input): Output {
  const known = knownFacts(input.knowledge);
  if (known.length === 0) return { attrition: 'no', reason: offlineReason('No earlier facts to retain.') };
  for (const s of analyse(input.message)) {
    const found = judgeSentence(s.text, known);
    if (found) return { attrition: 'yes', reason: offlineReason(found) };
  }
  const keys = known.map((k) => k.key).join(', ');
  return {
    attrition: 'no',
    reason: offlineReason(`The message neither asks again for, forgets nor contradicts what the user gave (${keys}).`),
  };
}
