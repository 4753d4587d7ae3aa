import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { createOfflineJudge } from '@/lib/judge/offline';
import { offlineServes } from '@/lib/judge/offline/run-step';
import type { JudgeStepContracts, StepContract, StepName } from '@/lib/judge/steps';
import { JudgeOutputError, type JudgeRequest } from '@/lib/judge/types';
import { judgeSteps, stepReplySchema } from './helpers/judge-steps';

const verdictsRequest = (): JudgeRequest<z.infer<(typeof judgeSteps)['turn_faithfulness.verdicts']['output']>> => ({
  step: 'turn_faithfulness.verdicts',
  input: { claims: ['Paris is the capital of France.', 'Paris has 90 million people.'], truths: ['Paris is the capital of France.'] },
  messages: [{ role: 'user', content: 'Judge these claims against these truths.' }],
  contract: judgeSteps['turn_faithfulness.verdicts'],
  schema: judgeSteps['turn_faithfulness.verdicts'].output,
  schemaName: 'verdicts',
});

describe('createOfflineJudge', () => {
  it('is the offline heuristic judge', () => {
    const judge = createOfflineJudge();
    expect([judge.kind, judge.model]).toEqual(['offline', 'offline-heuristic-v2']);
  });

  it('answers a step with validated output and raw JSON, with no tokens and no cost (it evaluates rules, no model reads a prompt)', async () => {
    const reply = await createOfflineJudge().call(verdictsRequest());
    expect(Object.values(reply.output.verdicts).map((v) => v.verdict)).toEqual(['yes', 'idk']);
    expect(JSON.parse(reply.raw)).toEqual(reply.output);
    expect([reply.promptTokens, reply.completionTokens]).toEqual([0, 0]);
    expect([reply.costUsd, reply.cached, reply.model]).toEqual([0, false, 'offline-heuristic-v2']);
    expect(reply.cacheKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is deterministic: the same request twice gives the same reply and key', async () => {
    const judge = createOfflineJudge();
    const [a, b] = [await judge.call(verdictsRequest()), await judge.call(verdictsRequest())];
    expect(b.raw).toBe(a.raw);
    expect(b.cacheKey).toBe(a.cacheKey);
  });

  it('counts its rule evaluations as calls, with no tokens', async () => {
    const judge = createOfflineJudge();
    await judge.call(verdictsRequest());
    await judge.call(verdictsRequest());
    expect(judge.usage()).toEqual({
      calls: 2,
      promptTokens: 0,
      completionTokens: 0,
      cacheHits: 0,
      costUsd: 0,
    });
  });

  it('rejects input that breaks the step contract', async () => {
    const request = { ...verdictsRequest(), input: { claims: 'not a list' } };
    await expect(createOfflineJudge().call(request)).rejects.toBeInstanceOf(AppError);
  });

  it('throws JudgeOutputError when its output fails the request schema', async () => {
    const request = { ...verdictsRequest(), schema: z.object({ verdicts: z.array(z.object({ verdict: z.literal('maybe') })) }) };
    await expect(createOfflineJudge().call(request)).rejects.toBeInstanceOf(JudgeOutputError);
  });

  it('serves every step of the contract, each reason marked as offline', async () => {
    const inputs: { [S in StepName]?: z.input<JudgeStepContracts[S]['input']> } = {
      'knowledge_retention.facts': { message: 'My name is Ann.', previousTurns: [] },
      'knowledge_retention.attrition': {
        message: 'What is your name?',
        previousTurns: [],
        knowledge: [{ turn: 1, facts: [{ key: 'name', values: ['Ann'] }] }],
      },
      'turn_faithfulness.truths': { documents: ['Water boils at 100 degrees.'], limit: null },
      'turn_faithfulness.claims': { message: 'Water boils at 100 degrees.' },
      'turn_faithfulness.verdicts': { claims: ['Water boils at 90 degrees.'], truths: ['Water boils at 100 degrees.'] },
      'conversation_relevancy.relevance': { window: [], userMessage: 'Hi', assistantMessage: 'Hello!' },
      'contextual_recall.attribution': { expectedOutput: 'Water boils at 100 degrees.', retrievalContext: ['Water boils at 100 degrees.'] },
      'context_coverage.coverage': { input: 'q', output: 'Water boils at 100 degrees.', context: ['boiling point 100 degrees'] },
      'turn_contextual_recall.attribution': { expectedOutcome: 'Water boils at 100 degrees.', retrievalContext: ['Water boils at 100 degrees.'] },
      'turn_contextual_precision.verdicts': { userMessages: 'When does water boil?', expectedOutcome: 'Water boils at 100 degrees.', retrievalContext: ['Water boils at 100 degrees.', 'There was a cat.'] },
      'turn_contextual_relevancy.statements': { userMessages: 'When does water boil?', retrievalContext: ['Water boils at 100 degrees. There was a cat.'] },
      reason: { metric: 'turn_faithfulness', score: 0, threshold: 0.5, reasons: [] },
      'replay.fit': { previousTurns: [{ role: 'user', content: 'Refund?' }], reply: 'Which order?', nextUserMessage: 'Order 42.' },
      'g_eval.steps': { criteria: 'The assistant offers a refund only within 30 days.', parameters: 'Content and Role', scope: 'conversation' },
      'g_eval.conversation': {
        steps: ['Check whether the refund is offered within 30 days.'],
        rubric: null,
        parameters: 'Content and Role',
        conversationFields: '',
        turns: [{ turn: 1, role: 'user', content: 'Refund?' }, { turn: 2, role: 'assistant', content: 'Sure, any time.' }],
      },
      'g_eval.turn': {
        steps: ['Check whether the refund is offered within 30 days.'],
        rubric: null,
        parameters: 'Content and Role',
        conversationFields: '',
        range: [0, 10],
        context: [{ turn: 1, role: 'user', content: 'Refund?' }],
        turn: { turn: 2, role: 'assistant', content: 'Refunds are offered within 30 days.' },
      },
    };
    expect(Object.keys(inputs).sort()).toEqual((Object.keys(judgeSteps) as StepName[]).filter((step) => offlineServes({ contract: judgeSteps[step] })).sort());
    const judge = createOfflineJudge();
    for (const step of Object.keys(inputs) as StepName[]) {
      // The exact reply schema of the input, as metrics send it: the offline judge's replies must fit it.
      const schema: z.ZodType<unknown> = stepReplySchema(step, judgeSteps[step].input.parse(inputs[step]) as never);
      const reply = await judge.call({ step, input: inputs[step], contract: judgeSteps[step] as StepContract, messages: [], schema, schemaName: step });
      for (const reason of JSON.stringify(reply.output).match(/"reason":"[^"]*"/g) ?? []) {
        expect(reason).toMatch(/^"reason":"\[offline heuristic judge\] /);
      }
    }
    expect(judge.usage().calls).toBe(Object.keys(inputs).length);
  });

});
