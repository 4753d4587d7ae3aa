import { describe, expect, it } from 'vitest';
import bankAccount from '../../../tests/fixtures/conversations/bank-account.json';
import { createScriptedJudge, type ScriptedHandlers } from '../../judge/scripted-judge';
import type { StepInput } from '../../judge/steps';
import type { Fact } from './steps';
import { conversationSchema } from '../../domain/conversation';
import { assistant, user } from '../testing/conversations';
import { KnowledgeRetentionMetric } from './index';
import { knowledgeRetentionScore } from './score';

const conversation = conversationSchema.parse(bankAccount);

// What a careful judge would extract from each user message of the bank-account conversation.
const stated: [RegExp, Fact[]][] = [
  [/Alex Johnson/, [{ key: 'full_name', values: ['Alex Johnson'] }]],
  [/dog called Jacky/, [{ key: 'dog_name', values: ['Jacky'] }]],
  [/Maple Street|Broadway/, [{ key: 'address', values: ['an address'] }]],
  [/4567891\d\d/, [{ key: 'account_number', values: ['4567891xx'] }]],
  [/July 9th/, [{ key: 'birth_day', values: ['July 9th'] }]],
  [/^1990$/, [{ key: 'birth_year', values: ['1990'] }]],
  [/Smith/, [{ key: 'mothers_maiden_name', values: ['Smith'] }]],
  [/555-0102/, [{ key: 'phone', values: ['555-0102'] }]],
  [/\+44/, [{ key: 'country_code', values: ['+44'] }]],
];
const asksAgainFor: [RegExp, string][] = [
  [/remind me of your full name/, 'full_name'],
  [/What is your bank account number/, 'account_number'],
];

const facts = (input: StepInput<'knowledge_retention.facts'>) => ({
  facts: stated.filter(([pattern]) => pattern.test(input.message)).flatMap(([, f]) => f),
});
// Attrition only when the message re-asks for a key the knowledge passed in already holds.
const attrition = (input: StepInput<'knowledge_retention.attrition'>) => {
  const known = new Set(input.knowledge.flatMap((k) => k.facts.map((f) => f.key)));
  const hit = asksAgainFor.find(([pattern, key]) => pattern.test(input.message) && known.has(key));
  return hit
    ? { attrition: 'yes' as const, reason: `asks again for ${hit[1]}` }
    : { attrition: 'no' as const, reason: 'keeps what the user said' };
};
const handlers: ScriptedHandlers = {
  'knowledge_retention.facts': facts,
  'knowledge_retention.attrition': attrition,
  reason: (input) => ({ reason: input.reasons.join('; ') }),
};

describe('KnowledgeRetentionMetric', () => {
  it('finds the attrition where the bank assistant asks again for the full name and the account number', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new KnowledgeRetentionMetric(judge, { threshold: 0.5 }).measure(conversation);

    const failing = result.verdicts.filter((v) => v.verdict === 'no');
    expect(failing.map((v) => v.turn)).toEqual([18, 20]);
    expect(failing.map((v) => conversation.turns[v.turn].content)).toEqual([
      expect.stringContaining('remind me of your full name'),
      'What is your bank account number?',
    ]);
    // Every assistant turn after the first stated fact is judged: turns 2, 4, …, 24.
    expect(result.verdicts.map((v) => v.turn)).toEqual([2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24]);
    expect(result.score).toBeCloseTo(10 / 12);
    expect(result.success).toBe(true);
    expect(result.reason).toBe('asks again for full_name; asks again for account_number');
    expect(judge.callsTo('knowledge_retention.facts')).toHaveLength(12);
    expect(result.usage.calls).toBe(12 + 12 + 1);
  });

  it('passes earlier fact maps unmerged, oldest first, so a correction sits beside the old value', async () => {
    const judge = createScriptedJudge(handlers);
    await new KnowledgeRetentionMetric(judge, { includeReason: false }).measure(conversation);
    const atTurn10 = judge.callsTo('knowledge_retention.attrition').find((c) => c.message.startsWith('Thank you. And for our next step'));
    // The judge counts turns as the page does, from 1: the user turns at indices 1, 3, 5, 7, 9.
    expect(atTurn10?.knowledge.map((k) => k.turn)).toEqual([2, 4, 6, 8, 10]);
    expect(atTurn10?.knowledge.filter((k) => k.facts[0].key === 'account_number').map((k) => k.turn)).toEqual([8, 10]);
    expect(atTurn10?.previousTurns).toHaveLength(10);
  });

  it('gives earlier turns to fact extraction as context only', async () => {
    const judge = createScriptedJudge(handlers);
    await new KnowledgeRetentionMetric(judge, { includeReason: false }).measure(conversation);
    const second = judge.callsTo('knowledge_retention.facts')[1];
    expect(second.message).toBe('123 Maple Street, Springfield.');
    expect(second.previousTurns.map((t) => t.role)).toEqual(['assistant', 'user', 'assistant']);
  });

  it('scores 1 with no verdicts and makes no attrition call when the user states no facts', async () => {
    const judge = createScriptedJudge({ 'knowledge_retention.facts': () => ({ facts: [] }) });
    const result = await new KnowledgeRetentionMetric(judge).measure({ turns: [user('hi'), assistant('hello'), user('ok'), assistant('bye')] });
    expect(result).toMatchObject({ score: 1, success: true, verdicts: [], error: null });
    expect(judge.callsTo('knowledge_retention.facts')).toHaveLength(2);
    expect(judge.calls.every((c) => c.step === 'knowledge_retention.facts')).toBe(true);
  });

  it('makes no call at all without an assistant reply, and none for a trailing user turn', async () => {
    const none = createScriptedJudge({});
    const empty = await new KnowledgeRetentionMetric(none).measure({ turns: [user('My name is Ann.')] });
    expect(empty.score).toBe(1);
    expect(none.calls).toHaveLength(0);

    const judge = createScriptedJudge(handlers);
    await new KnowledgeRetentionMetric(judge, { includeReason: false }).measure({
      turns: [user('Sure, it is Alex Johnson.'), assistant('Thanks Alex.'), user('My phone is 555-0102')],
    });
    expect(judge.callsTo('knowledge_retention.facts').map((c) => c.message)).toEqual(['Sure, it is Alex Johnson.']);
  });

  it('does not judge an assistant turn before any stated fact', async () => {
    const judge = createScriptedJudge(handlers);
    await new KnowledgeRetentionMetric(judge, { includeReason: false }).measure(conversation);
    expect(judge.callsTo('knowledge_retention.attrition').some((c) => c.message.startsWith('Hello!'))).toBe(false);
  });

  it('returns an errored result with the facts it had when the judge fails', async () => {
    const judge = createScriptedJudge({
      'knowledge_retention.facts': facts,
      'knowledge_retention.attrition': () => {
        throw new Error('503 from judge');
      },
    });
    const result = await new KnowledgeRetentionMetric(judge).measure(conversation);
    expect(result).toMatchObject({ score: null, success: false, reason: null });
    expect(result.error).toContain('503 from judge');
    expect(result.steps.facts).toHaveLength(12);
  });

  it('runs extraction calls one after another when asyncMode is false', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const slowFacts = async (input: StepInput<'knowledge_retention.facts'>) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 2));
      inFlight -= 1;
      return facts(input);
    };
    const sequential = createScriptedJudge({ ...handlers, 'knowledge_retention.facts': slowFacts });
    await new KnowledgeRetentionMetric(sequential, { asyncMode: false, includeReason: false }).measure(conversation);
    expect(maxInFlight).toBe(1);

    maxInFlight = 0;
    const concurrent = createScriptedJudge({ ...handlers, 'knowledge_retention.facts': slowFacts });
    await new KnowledgeRetentionMetric(concurrent, { includeReason: false }).measure(conversation);
    expect(maxInFlight).toBeGreaterThan(1);
  });

  it('applies strict mode to the bank-account score', async () => {
    const result = await new KnowledgeRetentionMetric(createScriptedJudge(handlers), { strictMode: true, includeReason: false }).measure(conversation);
    expect(result).toMatchObject({ score: 0, success: false, threshold: 1 });
  });
});

describe('knowledgeRetentionScore', () => {
  it('is the share of verdicts without attrition, 1 with none', () => {
    expect(knowledgeRetentionScore([])).toBe(1);
    expect(knowledgeRetentionScore(['no', 'no', 'yes', 'no'])).toBe(0.75);
    expect(knowledgeRetentionScore(['yes'])).toBe(0);
  });
});

describe('KnowledgeRetentionMetric: empty and failing cases', () => {
  it('judges the turns it can when fact extraction fails on one user turn, marking the turns after it as errored', async () => {
    const judge = createScriptedJudge({
      'knowledge_retention.facts': (input) => {
        if (input.message.startsWith('I live')) throw new Error('judge timed out');
        return { facts: [{ key: 'name', values: ['Ann'] }] };
      },
      'knowledge_retention.attrition': () => ({ attrition: 'no', reason: 'keeps the name' }),
    });
    const result = await new KnowledgeRetentionMetric(judge, { includeReason: false }).measure({
      turns: [user('I am Ann.'), assistant('Hi Ann.'), user('I live in Cork.'), assistant('Noted.'), user('Bye'), assistant('Bye Ann.')],
    });
    expect(result.error).toBeNull();
    expect(result.score).toBe(1);
    // Turn 2 is judged on turn 1's facts; turns 4 and 6 would need turn 3's, which the judge did not give.
    expect(result.verdicts.map((v) => [v.turn + 1, v.verdict])).toEqual([
      [2, 'yes'],
      [4, 'error'],
      [6, 'error'],
    ]);
    expect(result.verdicts[1].reason).toMatch(/facts of turn 3 could not be extracted: Error: judge timed out/);
    expect(result.warnings).toHaveLength(2);
  });

  it('refuses a conversation without turns (deepeval refuses it; ours used to pass it with 1)', async () => {
    const result = await new KnowledgeRetentionMetric(createScriptedJudge({})).measure({ turns: [] });
    expect(result).toMatchObject({ score: null, success: false, error: expect.stringMatching(/no turns/) });
  });
});
