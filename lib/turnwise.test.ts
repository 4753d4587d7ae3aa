import { byItemNumber } from './judge/step-items';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createScriptedJudge } from './judge/scripted-judge';
import { ContextCoverageMetric, ConversationalGEval, KnowledgeRetentionMetric, judgeFromEnv } from './turnwise';

const bankAccount = JSON.parse(readFileSync(new URL('../tests/fixtures/conversations/bank-account.json', import.meta.url), 'utf8'));

describe('the TypeScript API', () => {
  it('scores with the offline judge when no key is set and says so in the reason', async () => {
    const saved = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    try {
      const result = await new KnowledgeRetentionMetric({ threshold: 0.5 }).measure(bankAccount);
      expect(result.score).toBeGreaterThan(0);
      expect(result.score).toBeLessThan(1);
      expect(result.success).toBe(result.score! >= 0.5);
      expect(result.reason).toMatch(/offline heuristic judge/);
      expect(result.verdicts.some((v) => v.verdict === 'no')).toBe(true);
    } finally {
      if (saved !== undefined) process.env.OPENAI_API_KEY = saved;
    }
  });

  it('takes an explicit judge and the single-case form of context coverage', async () => {
    const judge = createScriptedJudge({
      'context_coverage.coverage': (input) => ({
        verdicts: byItemNumber(input.context.map((_, i) => ({ verdict: i % 2 === 0 ? ('yes' as const) : ('no' as const), reason: 'scripted' }))),
      }),
      reason: () => ({ reason: 'half of the items' }),
    });
    const context = ['two-factor authentication', 'encryption at rest', 'audit logs', 'single sign-on'];
    const result = await new ContextCoverageMetric(judge, { scale: 100, context }).measure(
      'What security measures do you offer?',
      'We offer two-factor authentication and audit logs.',
    );
    expect(result.score).toBe(50);
    expect(result.reason).toBe('half of the items');
  });

  it('picks the OpenAI judge when a key is configured', () => {
    const judge = judgeFromEnv(undefined, { OPENAI_API_KEY: 'sk-test', TURNWISE_JUDGE_MODEL: 'gpt-4.1-mini' });
    expect(judge.kind).toBe('openai');
    expect(judge.model).toBe('gpt-4.1-mini');
  });

  it('runs a custom G-Eval metric defined in one object, on the judge of the environment', async () => {
    const saved = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    try {
      const metric = new ConversationalGEval({ name: 'account_help', criteria: 'The assistant helps the user open a bank account.', threshold: 0.3 });
      const result = await metric.measure(bankAccount);
      expect(result.metric).toBe('account_help');
      expect(result.error).toBeNull();
      expect(result.score).toBeGreaterThanOrEqual(0);
      expect(result.reason).toMatch(/offline heuristic judge/);
      expect(() => new ConversationalGEval({ name: 'No Good', criteria: 'x' })).toThrow(/name: use 2–63 lower-case letters/);
    } finally {
      if (saved !== undefined) process.env.OPENAI_API_KEY = saved;
    }
  });
});
