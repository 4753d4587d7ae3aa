import { afterEach, describe, expect, it } from 'vitest';
import { createOfflineJudge } from '@/lib/judge/offline';
import { createOpenAIJudge } from '@/lib/judge/openai-judge';
import { withCache } from '@/lib/judge/cache';
import { createMemoryJudgeCache } from '@/lib/judge/memory-cache';
import { ConversationalGEval, TurnGEval } from '@/lib/metrics/g-eval';
import { promptText, requestSchemaName, startJudgeServer, type ChatCompletionBody, type HandlerResult, type JudgeServer } from './helpers/judge-server';

/*
 * Custom judged metrics (G-Eval) against a scripted OpenAI-compatible server: the steps written
 * once from the criteria, only the named fields shown, the score weighted by top_logprobs as
 * deepeval weighs it, the turns that cost points as per-turn verdicts, and the turn scope.
 */

const conversation = {
  scenario: 'A customer asks for a refund 45 days after buying.',
  expectedOutcome: 'SECRET OUTCOME',
  turns: [
    { role: 'user' as const, content: 'I bought the kettle 45 days ago. Can I get a refund?' },
    { role: 'assistant' as const, content: 'Of course, I have refunded you in full.', retrievalContext: ['Refunds are possible within 30 days of purchase.'] },
    { role: 'user' as const, content: 'Great, and the shipping?' },
    { role: 'assistant' as const, content: 'Shipping is refunded too.', retrievalContext: ['Shipping is never refunded.'] },
  ],
};
const refundPolicy = {
  name: 'refund_policy',
  criteria: 'The assistant offers a refund only within 30 days of purchase, as the retrieved policy says.',
  fields: ['retrieval_context' as const, 'scenario' as const],
};
const STEPS = ['Find the purchase date.', 'Check the refund against the 30-day policy.'];
const ln = Math.log;

let server: JudgeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function scripted(answers: Record<string, (body: ChatCompletionBody) => HandlerResult>) {
  return startJudgeServer({
    handler: (body) => {
      const step = requestSchemaName(body) ?? '';
      const answer = answers[step];
      if (!answer) return { status: 400, body: { error: { message: `unexpected step ${step}` } } };
      return answer(body);
    },
  });
}

describe('ConversationalGEval', () => {
  it('writes the steps once, shows only the named fields, weighs the score by logprobs and marks the turns the judge names', async () => {
    server = await scripted({
      g_eval_steps: () => ({ content: JSON.stringify({ steps: STEPS }) }),
      g_eval_conversation: () => ({
        content: JSON.stringify({ score: 2, reason: 'It refunds after 45 days against the 30-day policy.', turns: [{ turn: 2, reason: 'Refunds outside the 30 days.' }] }),
        logprobs: [
          { token: '{"', top: [] },
          { token: 'score', top: [] },
          { token: '":', top: [] },
          { token: '2', top: [{ token: '2', logprob: ln(0.5) }, { token: '3', logprob: ln(0.3) }, { token: '1', logprob: ln(0.2) }] },
        ],
      }),
    });
    const judge = createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-test', model: 'gpt-4.1' });
    const metric = new ConversationalGEval(judge, refundPolicy);

    const first = await metric.measure(conversation);
    const second = await metric.measure(conversation);

    expect(first.error).toBeNull();
    expect(first.metric).toBe('refund_policy');
    // (2·0.5 + 3·0.3 + 1·0.2) / 1 = 2.1 on 0–10.
    expect(first.score).toBeCloseTo(0.21, 10);
    expect(first.success).toBe(false);
    expect(first.reason).toBe('It refunds after 45 days against the 30-day policy.');
    expect(first.verdicts).toEqual([
      { turn: 1, verdict: 'no', reason: 'Refunds outside the 30 days.' },
      { turn: 3, verdict: 'yes', reason: 'The judge did not name this turn as costing points.' },
    ]);
    expect(first.steps).toMatchObject({ evaluationSteps: STEPS, judgement: { score: 2, weightedScore: expect.closeTo(2.1, 10) } });
    expect(second.score).toBeCloseTo(0.21, 10);

    const steps = server.requests.filter((r) => requestSchemaName(r.body) === 'g_eval_steps');
    const judged = server.requests.filter((r) => requestSchemaName(r.body) === 'g_eval_conversation');
    expect(steps).toHaveLength(1);
    expect(promptText(steps[0].body)).toContain(refundPolicy.criteria);
    expect(judged).toHaveLength(2);
    expect(judged[0].body).toMatchObject({ logprobs: true, top_logprobs: 20 });
    const prompt = promptText(judged[0].body);
    expect(prompt).toContain('1. Find the purchase date.\n2. Check the refund against the 30-day policy.');
    expect(prompt).toContain('Refunds are possible within 30 days of purchase.');
    expect(prompt).toContain('Scenario:\nA customer asks for a refund 45 days after buying.');
    expect(prompt).not.toContain('SECRET OUTCOME');
  });

  it('keeps the integer score without logprobs, and from a cached reply weighs as the first time', async () => {
    server = await scripted({
      g_eval_conversation: () => ({
        content: JSON.stringify({ score: 8, reason: 'Mostly within policy.', turns: [] }),
        logprobs: [{ token: '8', top: [{ token: '8', logprob: ln(0.75) }, { token: '9', logprob: ln(0.25) }] }],
      }),
    });
    const judge = withCache(createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-test' }), createMemoryJudgeCache());
    const withSteps = { ...refundPolicy, evaluationSteps: STEPS };
    const fresh = await new ConversationalGEval(judge, withSteps).measure(conversation);
    const cached = await new ConversationalGEval(judge, withSteps).measure(conversation);
    expect(fresh.score).toBeCloseTo(0.825, 10);
    expect(cached.score).toBeCloseTo(0.825, 10);
    expect(cached.usage.cacheHits).toBe(1);
    // Explicit steps: no steps call. Strict mode: the integer, then all or nothing.
    expect(server.requests.every((r) => requestSchemaName(r.body) === 'g_eval_conversation')).toBe(true);
    const strict = await new ConversationalGEval(judge, { ...withSteps, strictMode: true }).measure(conversation);
    expect(strict.score).toBe(0);
    expect(server.requests.at(-1)!.body.logprobs).toBeUndefined();
  });

  it('refuses a definition without criteria or steps, naming the field', () => {
    const judge = createOfflineJudge();
    expect(() => new ConversationalGEval(judge, { name: 'x_y' })).toThrow(/criteria: give criteria, evaluation steps, or both/);
  });
});

describe('TurnGEval', () => {
  it('judges each assistant turn with its window, normalises on the rubric and averages', async () => {
    server = await scripted({
      g_eval_turn: (body) => {
        const text = promptText(body);
        const shipping = text.includes('"content": "Shipping is refunded too."');
        return { content: JSON.stringify({ score: shipping ? 1 : 3, reason: shipping ? 'Promises what the policy rules out.' : 'Refunds late.' }) };
      },
    });
    const judge = createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-test' });
    const metric = new TurnGEval(judge, {
      ...refundPolicy,
      evaluationSteps: STEPS,
      windowSize: 1,
      rubric: [{ range: [1, 2], meaning: 'Breaks the policy' }, { range: [3, 5], meaning: 'Keeps to it' }],
    });
    const result = await metric.measure(conversation);
    expect(result.error).toBeNull();
    // Range 1–5: 3 → 0.5, 1 → 0; mean 0.25.
    expect(result.verdicts).toEqual([
      { turn: 1, verdict: 'yes', score: 0.5, reason: 'Refunds late.' },
      { turn: 3, verdict: 'no', score: 0, reason: 'Promises what the policy rules out.' },
    ]);
    expect(result.score).toBeCloseTo(0.25, 10);
    const second = server.requests.map((r) => promptText(r.body)).find((t) => t.includes('Shipping is refunded too.'))!;
    // Window 1: the turn's own exchange as context, not the first one.
    expect(second).toContain('Great, and the shipping?');
    expect(second).not.toContain('I bought the kettle');
    expect(second).toContain('an integer between 1 and 5');
  });

  it('runs on the offline judge, which answers the steps with a labelled keyword heuristic', async () => {
    const result = await new TurnGEval(createOfflineJudge(), refundPolicy).measure(conversation);
    expect(result.error).toBeNull();
    expect(result.verdicts).toHaveLength(2);
    expect(result.verdicts.every((v) => v.reason.startsWith('[offline heuristic judge]'))).toBe(true);
    expect(result.steps.evaluationSteps).toEqual(['Check whether the assistant offers a refund only within 30 days of purchase, as the retrieved policy says.']);
  });
});
