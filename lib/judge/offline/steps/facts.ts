import type { StepInput, StepOutput } from '../../steps';
import { analyse } from '../text/analyse';
import { normaliseText } from '../text/normalise';
import { isFormula, isQuestion } from '../text/speech-acts';
import { requestedKeys } from './requested-keys';

type Fact = StepOutput<'knowledge_retention.facts'>['facts'][number];

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const PHONE = /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)[\s.-]?)?\d{3,4}[\s.-]\d{3,4}(?:[\s.-]\d{2,4})?/g;
const LONG_NUMBER = /\b\d[\d\s-]{4,}\d\b/g;
const END = /[\s,.;!]+$/;

/** "my X is Y", "X: Y" — the user names the key. */
const MY_X_IS = /\bmy ([a-z][a-z \-']{1,40}?) (?:is|are|was|were|=|:) ([^;!?]+?)(?=(?:,? (?:and|but|so) (?:my|i)\b)|[;!?]|\.(?:\s|$)|$)/gi;
const NAME = /\b(?:[Mm]y name is|[Ii] am|[Ii]'m|[Tt]his is|[Cc]all me|[Nn]ame's) ((?:\p{Lu}[\p{L}'-]+)(?: \p{Lu}[\p{L}'-]+){0,3})/gu;
const AGE = /\b(?:i am|i'm) (\d{1,3}) (?:years? old|yo)\b/gi;
const LIVE = /\bi (?:live|stay|reside) (?:in|at|on) ([^,;.!?]+(?:, [A-Z0-9][^,;.!?]*)*)/gi;
const FROM = /\b(?:i am|i'm|i come) from ([^,;.!?]+)/gi;
const BORN = /\bi was born (on|in|at) ([^;!?]+?)(?=[;!?]|\.(?:\s|$)|$)/gi;
const WORK = /\bi work (at|for|as|in) ([^,;.!?]+)/gi;
const HAVE = /\bi (?:have|own|'ve got|have got) ((?:a|an|one|two|three|four|five|\d+) [^,;.!?]+)/gi;
const AM_A = /\b(?:i am|i'm) (?:a|an) ([^,;.!?]+)/gi;

/** "Lisbon and I am 34" → "Lisbon": the next clause states its own fact. */
function ownClause(value: string): string {
  return value.split(/,?\s+(?:and|but|so|while|because)\s+(?:i|i'm|my|we|it)\b/i)[0].replace(END, '').trim();
}

function add(facts: Fact[], key: string, value: string): void {
  const k = key.toLowerCase().trim();
  const v = ownClause(value);
  if (!k || !v) return;
  const existing = facts.find((f) => f.key === k);
  if (existing) {
    if (!existing.values.includes(v)) existing.values.push(v);
  } else facts.push({ key: k, values: [v] });
}

const matches = (text: string, re: RegExp): RegExpExecArray[] => [...text.matchAll(new RegExp(re.source, re.flags))];

function statementFacts(sentence: string): Fact[] {
  const facts: Fact[] = [];
  for (const m of matches(sentence, MY_X_IS)) add(facts, m[1], m[2]);
  const keyed = (k: string): boolean => facts.some((f) => f.key.includes(k));
  for (const m of matches(sentence, EMAIL)) if (!facts.some((f) => f.values.some((v) => v.includes(m[0])))) add(facts, 'email', m[0]);
  for (const m of matches(sentence, NAME)) if (!keyed('name')) add(facts, 'name', m[1]);
  for (const m of matches(sentence, AGE)) add(facts, 'age', m[1]);
  for (const m of matches(sentence, LIVE)) add(facts, /^\d|\d+\s+\p{L}/u.test(ownClause(m[1])) ? 'address' : 'location', m[1]);
  for (const m of matches(sentence, FROM)) add(facts, 'origin', m[1]);
  for (const m of matches(sentence, BORN)) add(facts, m[1].toLowerCase() === 'on' ? 'date of birth' : 'birth', m[2]);
  for (const m of matches(sentence, WORK)) add(facts, m[1].toLowerCase() === 'as' ? 'job' : 'workplace', m[2]);
  for (const m of matches(sentence, HAVE)) add(facts, 'has', m[1]);
  for (const m of matches(sentence, AM_A)) if (!/\b(?:bit|little|lot)\b/i.test(m[1])) add(facts, 'is', `a ${m[1]}`);
  const given = facts.flatMap((f) => f.values).join(' ');
  const phoneKey = /\b(?:phone|call|mobile|cell|tel)/i.test(sentence) ? 'phone number' : 'number';
  for (const m of matches(sentence, PHONE)) if (!given.includes(m[0])) add(facts, phoneKey, m[0]);
  const given2 = facts.flatMap((f) => f.values).join(' ');
  for (const m of matches(sentence, LONG_NUMBER)) if (!given2.includes(m[0])) add(facts, 'number', m[0]);
  return facts;
}

/**
 * A short reply to the assistant's question gives the value it asked for:
 * "What is your account number?" → "It's 12345678" is the account number.
 */
function askedKey(previous: StepInput<'knowledge_retention.facts'>['previousTurns']): string | null {
  const lastAssistant = [...previous].reverse().find((t) => t.role === 'assistant');
  const keys = lastAssistant ? requestedKeys(lastAssistant.content) : [];
  return keys.length === 1 ? keys[0] : null;
}

function answerFacts(message: string, key: string | null): Fact[] {
  // The answer is the first statement: "Sure, it's Alex Johnson. I also have a dog." → "Alex Johnson".
  const answer = analyse(message).find((s) => !isQuestion(s.text) && !isFormula(s.text))?.text;
  if (key === null || answer === undefined) return [];
  const value = normaliseText(answer)
    .replace(/^(?:sure|ok(?:ay)?|yes|yeah|of course|it's|it is|that's|that is|it was)\b[,!.]?\s*/gi, '')
    .replace(/^(?:sure|ok(?:ay)?|yes|yeah|of course|it's|it is|that's|that is|it was)\b[,!.]?\s*/gi, '')
    .replace(END, '');
  if (!value || value.split(/\s+/).length > 8) return [];
  return [{ key, values: [value] }];
}

/**
 * What a chatting user talks about: the names (or, without names, the rarer nouns) of a
 * statement that states no personal fact. Kept so that a reply forgetting the whole
 * conversation ("remind me what you said?") has something to be judged against.
 */
function mentionedFacts(message: string): Fact[] {
  const values: string[] = [];
  for (const s of analyse(message)) {
    if (isQuestion(s.text) || isFormula(s.text)) continue;
    let run: string[] = [];
    const close = () => {
      if (run.length > 0 && !values.includes(run.join(' '))) values.push(run.join(' '));
      run = [];
    };
    for (const t of s.terms) {
      if (t.name && t.content) run.push(t.text.replace(/[,.;:!?]+$/, ''));
      else close();
    }
    close();
  }
  if (values.length === 0) {
    for (const s of analyse(message)) {
      if (isQuestion(s.text) || isFormula(s.text)) continue;
      for (const t of s.terms) if (t.content && t.tags.has('Noun') && !values.includes(t.norm)) values.push(t.norm);
    }
  }
  return values.length > 0 ? [{ key: MENTIONED, values: values.slice(0, 5) }] : [];
}

/** The key of what a user talked about without stating a personal fact. */
export const MENTIONED = 'mentioned';

export function extractFacts(input: StepInput<'knowledge_retention.facts'>): StepOutput<'knowledge_retention.facts'> {
  const facts: Fact[] = [];
  const asked = askedKey(input.previousTurns);
  for (const s of analyse(input.message)) {
    if (isQuestion(s.text) || isFormula(s.text)) continue;
    // A bare number answering "your bank account number" is that, not just "number".
    for (const f of statementFacts(s.text)) for (const v of f.values) add(facts, f.key === 'number' && asked ? asked : f.key, v);
  }
  if (facts.length > 0) return { facts };
  const answer = answerFacts(input.message, asked);
  return { facts: answer.length > 0 ? answer : mentionedFacts(input.message) };
}
