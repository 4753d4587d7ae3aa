import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createScriptedJudge } from './scripted-judge';
import { JudgeOutputError, type JudgeRequest } from './types';

// A step's contract as a metric's request carries it (lib/metrics/turn-faithfulness/steps.ts).
const claims = { input: z.object({ message: z.string() }), output: z.object({ claims: z.array(z.string()) }) };
const request = (input: unknown, schema: z.ZodType<unknown> = claims.output): JudgeRequest<unknown> => ({
  step: 'turn_faithfulness.claims',
  input,
  contract: claims,
  messages: [{ role: 'user', content: 'twelve chars' }],
  schema,
  schemaName: 'claims',
});

describe('createScriptedJudge', () => {
  it('answers through the step handler, records the call and reports estimated usage', async () => {
    const judge = createScriptedJudge({ 'turn_faithfulness.claims': (input) => ({ claims: [input.message] }) });
    const reply = await judge.call(request({ message: 'hi' }));
    expect(reply.output).toEqual({ claims: ['hi'] });
    expect(reply.cached).toBe(false);
    expect(reply.promptTokens).toBe(3);
    expect(judge.calls).toEqual([{ step: 'turn_faithfulness.claims', input: { message: 'hi' } }]);
    expect(judge.usage()).toMatchObject({ calls: 1, promptTokens: 3, completionTokens: Math.ceil(reply.raw.length / 4) });
  });

  it('throws for a step without a handler', async () => {
    const judge = createScriptedJudge({});
    await expect(judge.call(request({ message: 'hi' }))).rejects.toThrow(/no handler/);
  });

  it('rejects an input that breaks the step contract', async () => {
    const judge = createScriptedJudge({ 'turn_faithfulness.claims': () => ({ claims: [] }) });
    await expect(judge.call(request({ text: 'wrong field' }))).rejects.toThrow();
  });

  it('parses the output with the request schema, refinements included', async () => {
    const judge = createScriptedJudge({ 'turn_faithfulness.claims': () => ({ claims: [] }) });
    const refined = claims.output.refine((o) => o.claims.length > 0, 'need a claim');
    await expect(judge.call(request({ message: 'hi' }, refined))).rejects.toBeInstanceOf(JudgeOutputError);
  });
});
