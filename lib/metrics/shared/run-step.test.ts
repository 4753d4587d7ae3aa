import { describe, expect, it } from 'vitest';
import { createScriptedJudge } from '../../judge/scripted-judge';
import { z } from 'zod';
import { entriesByItem, entryPerItem } from '../../judge/step-items';
import { JudgeOutputError, type Judge, type JudgeRequest } from '../../judge/types';
import { createMetricContext } from './context';
import { refuseUnknownTemplates, sharedMetricOptionsSchema } from './options';
import { runStep } from './run-step';
import { looseRelevanceOutput } from './step-parts';
import { toStrictJsonSchema } from '../../judge/strict-json-schema';

const options = (extra: Record<string, unknown> = {}) => sharedMetricOptionsSchema.parse(extra);
// Steps' contracts as their metrics give them (turn-faithfulness/steps.ts, conversation-relevancy/steps.ts).
const claimVerdict = z.object({ verdict: z.enum(['yes', 'no', 'idk']), reason: z.string() });
const contracts = {
  'turn_faithfulness.claims': { input: z.object({ message: z.string() }), output: z.object({ claims: z.array(z.string()) }) },
  'turn_faithfulness.verdicts': {
    input: z.object({ claims: z.array(z.string()), truths: z.array(z.string()) }),
    output: z.object({ verdicts: entriesByItem(claimVerdict) }),
    reply: (input: { claims: string[] }) => z.object({ verdicts: entryPerItem(input.claims.length, claimVerdict) }),
  },
  'conversation_relevancy.relevance': {
    input: z.object({ window: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string() })), userMessage: z.string(), assistantMessage: z.string() }),
    output: z.object({ verdict: z.enum(['yes', 'no']), reason: z.string() }),
  },
};
const claimsCall = {
  step: 'turn_faithfulness.claims' as const,
  input: { message: 'Paris is in France.' },
  prompt: () => [{ role: 'user' as const, content: 'default prompt' }],
};

describe('runStep', () => {
  it('sends the step, input and default prompt, and records usage and the call', async () => {
    const judge = createScriptedJudge({ 'turn_faithfulness.claims': () => ({ claims: ['Paris is in France.'] }) });
    const ctx = createMetricContext('turn_faithfulness', judge, options(), contracts);
    const output = await runStep(ctx, claimsCall);
    expect(output.claims).toEqual(['Paris is in France.']);
    expect(judge.callsTo('turn_faithfulness.claims')).toEqual([{ message: 'Paris is in France.' }]);
    expect(ctx.usage.calls).toBe(1);
    expect(ctx.usage.cacheHits).toBe(0);
    expect(ctx.usage.promptTokens).toBeGreaterThan(0);
    expect(ctx.calls).toHaveLength(1);
    expect(ctx.calls[0].step).toBe('turn_faithfulness.claims');
    expect(ctx.calls[0].messages).toBeUndefined();
  });

  it('keeps the rendered messages only in verbose mode', async () => {
    const judge = createScriptedJudge({ 'turn_faithfulness.claims': () => ({ claims: [] }) });
    const ctx = createMetricContext('turn_faithfulness', judge, options({ verboseMode: true }), contracts);
    await runStep(ctx, claimsCall);
    expect(ctx.calls[0].messages).toEqual([{ role: 'user', content: 'default prompt' }]);
  });

  it('renders a custom template for the step instead of the default prompt', async () => {
    let seen: JudgeRequest<unknown> | undefined;
    const judge: Judge = {
      ...createScriptedJudge({}),
      call: async <T>(request: JudgeRequest<T>) => {
        seen = request as JudgeRequest<unknown>;
        return { output: { claims: [] } as T, raw: '{}', model: 'm', promptTokens: 1, completionTokens: 1, costUsd: 0, cached: false, cacheKey: 'k' };
      },
    };
    const template = (input: { message: string }) => [{ role: 'system' as const, content: `custom: ${input.message}` }];
    const ctx = createMetricContext('turn_faithfulness', judge, options({ templates: { 'turn_faithfulness.claims': template }, model: 'judge-x' }), contracts);
    await runStep(ctx, claimsCall);
    expect(seen?.messages).toEqual([{ role: 'system', content: 'custom: Paris is in France.' }]);
    expect(seen?.model).toBe('judge-x');
    expect(seen?.schemaName).toMatch(/^[a-zA-Z0-9_-]+$/);
  });

  it('sends and checks the reply schema of the input: one required entry per claim, no other', async () => {
    let sent: JudgeRequest<unknown> | undefined;
    const scripted = createScriptedJudge({ 'turn_faithfulness.verdicts': () => ({ verdicts: { '1': { verdict: 'yes', reason: 'ok' }, '3': { verdict: 'no', reason: 'x' } } }) });
    const judge: Judge = { ...scripted, call: (request) => ((sent = request as JudgeRequest<unknown>), scripted.call(request)) };
    const ctx = createMetricContext('turn_faithfulness', judge, options(), contracts);
    const call = { step: 'turn_faithfulness.verdicts' as const, input: { claims: ['a', 'b'], truths: ['t'] }, prompt: claimsCall.prompt };
    await expect(runStep(ctx, call)).rejects.toBeInstanceOf(JudgeOutputError);
    const json = toStrictJsonSchema(sent!.schema) as { properties: { verdicts: { required: string[]; additionalProperties: boolean } } };
    expect(json.properties.verdicts.required).toEqual(['1', '2']);
    expect(json.properties.verdicts.additionalProperties).toBe(false);
  });

  it('counts a cached reply as a cache hit, not a call', async () => {
    const judge: Judge = {
      ...createScriptedJudge({}),
      call: async <T>() => ({ output: { claims: [] } as T, raw: '{}', model: 'm', promptTokens: 50, completionTokens: 5, costUsd: 0.1, cached: true, cacheKey: 'k' }),
    };
    const ctx = createMetricContext('turn_faithfulness', judge, options(), contracts);
    await runStep(ctx, claimsCall);
    expect(ctx.usage).toEqual({ calls: 0, promptTokens: 0, completionTokens: 0, cacheHits: 1, costUsd: 0 });
    expect(ctx.calls[0].cached).toBe(true);
  });

  it('rejects options whose templates are not functions', () => {
    expect(() => options({ templates: { 'turn_faithfulness.claims': 'not a function' } })).toThrow();
    expect(() => refuseUnknownTemplates(options({ templates: { 'no.such_step': () => [] } }).templates, 'turn_faithfulness', contracts)).toThrow();
  });
});

describe('runStep with a lenient reader', () => {
  it('sends the enum-only schema to the judge and reads the reply with the lenient one', async () => {
    let seen: JudgeRequest<unknown> | undefined;
    const scripted = createScriptedJudge({});
    const judge: Judge = {
      ...scripted,
      async call<T>(request: JudgeRequest<T>) {
        seen = request as JudgeRequest<unknown>;
        const output = request.schema.parse({ verdict: 'No, this is off-topic.', reason: 'about cake' });
        return { output, raw: '', model: 'm', promptTokens: 1, completionTokens: 1, costUsd: 0, cached: false, cacheKey: 'k' };
      },
    };
    const ctx = createMetricContext('conversation_relevancy', judge, options(), contracts);
    const output = await runStep(ctx, {
      step: 'conversation_relevancy.relevance',
      input: { window: [], userMessage: 'Refund?', assistantMessage: 'Try our cake.' },
      prompt: () => [{ role: 'user', content: 'p' }],
      accept: looseRelevanceOutput,
    });
    expect(output.verdict).toBe('no');
    expect(seen?.jsonSchemaOf).toBe(contracts['conversation_relevancy.relevance'].output);
    expect(looseRelevanceOutput.parse({ verdict: 'maybe', reason: '' }).verdict).toBeNull();
    expect(looseRelevanceOutput.parse({ verdict: ' YES, it answers', reason: '' }).verdict).toBe('yes');
  });
});
