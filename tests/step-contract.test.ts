import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requestJsonSchema } from '@/lib/judge/cache-key';
import { parseReply } from '@/lib/judge/parse-reply';
import type { StepName } from '@/lib/judge/steps';
import { offlineServes } from '@/lib/judge/offline/run-step';
import { BUILT_IN_METRICS } from '@/lib/metrics/registry';
import { judgeSteps, stepReplySchema } from './helpers/judge-steps';
import type { MetricDescriptor } from '@/lib/metrics/shared/descriptor';
import { valuesFromSchema } from './helpers/schema-values';

/*
 * The judge contract: a reply that fits the JSON schema a step sends passes that step's
 * validation. Inputs are made from each step's input schema (lists of 0 to 3 items, repeated
 * items, empty strings), replies from the reply schema of each input alone, as a
 * grammar-constrained server would make them.
 */

const STEPS = Object.keys(judgeSteps) as StepName[];

/** Keywords every structured-output server enforces (OpenAI strict mode, vLLM, llama.cpp / Ollama). */
const UNIVERSAL = new Set(['type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'anyOf', 'description']);

function keywords(node: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => keywords(n, found));
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      found.add(key);
      // Property names are names, not keywords.
      if (key === 'properties') Object.values(value as object).forEach((v) => keywords(v, found));
      else keywords(value, found);
    }
  }
  return found;
}

function inputsOf(step: StepName): unknown[] {
  const schema = judgeSteps[step].input as z.ZodType;
  const inputs = valuesFromSchema(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), 6, step.length).filter((v) => schema.safeParse(v).success);
  return inputs.map((v) => schema.parse(v));
}

describe('judge step contract', () => {
  it('covers every step a built-in metric sends', () => {
    for (const metric of BUILT_IN_METRICS) for (const step of Object.keys(metric.steps)) expect(STEPS).toContain(step);
  });

  it('the offline judge has a rule for every step but those of the metrics that declare they need an LLM judge', () => {
    for (const metric of BUILT_IN_METRICS) {
      for (const step of Object.keys(metric.steps)) expect(offlineServes({ contract: metric.steps[step] }), `${metric.name}: ${step}`).toBe(!(metric as MetricDescriptor).needsLlmJudge);
    }
  });

  it.each(STEPS)('%s: every reply that fits the schema sent passes validation', (step) => {
    const inputs = inputsOf(step);
    expect(inputs.length, 'inputs made from the input schema').toBeGreaterThanOrEqual(4);
    let checked = 0;
    for (const input of inputs) {
      const schema = stepReplySchema(step, input as never) as z.ZodType;
      const sent = requestJsonSchema(schema);
      for (const value of valuesFromSchema(sent, 6, checked + 7)) {
        const parsed = parseReply(JSON.stringify(value), schema);
        expect(parsed, `${step} with input ${JSON.stringify(input).slice(0, 300)}: reply ${JSON.stringify(value).slice(0, 300)}`).toMatchObject({ ok: true });
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(40);
  });

  it.each(STEPS)('%s: the schema sent uses only what every structured-output server enforces, every object closed', (step) => {
    for (const input of inputsOf(step)) {
      const sent = requestJsonSchema(stepReplySchema(step, input as never) as z.ZodType);
      expect([...keywords(sent)].filter((k) => !UNIVERSAL.has(k))).toEqual([]);
      const objects: Record<string, unknown>[] = [];
      const walk = (n: unknown): void => {
        if (Array.isArray(n)) return n.forEach(walk);
        if (typeof n !== 'object' || n === null) return;
        if ((n as { type?: unknown }).type === 'object') objects.push(n as Record<string, unknown>);
        Object.values(n).forEach(walk);
      };
      walk(sent);
      for (const o of objects) {
        expect(o.additionalProperties).toBe(false);
        expect(o.required).toEqual(Object.keys(o.properties as object));
      }
    }
  });

  it('asks for one entry per item by name: a reply missing an item, or naming one more, fails', () => {
    const schema = stepReplySchema('turn_faithfulness.verdicts', { claims: ['a', 'a'], truths: ['t'] });
    const entry = { verdict: 'yes', reason: '' };
    expect(schema.safeParse({ verdicts: { '1': entry, '2': entry } }).success).toBe(true);
    expect(schema.safeParse({ verdicts: { '1': entry } }).success).toBe(false);
    expect(schema.safeParse({ verdicts: { '1': entry, '2': entry, '3': entry } }).success).toBe(false);
    const attribution = stepReplySchema('contextual_recall.attribution', { expectedOutput: 'x', retrievalContext: ['a', 'b'] });
    expect(attribution.safeParse({ verdicts: [{ sentence: 'x', verdict: 'yes', node: 3, reason: '' }] }).success).toBe(false);
    expect(stepReplySchema('g_eval.turn', { steps: ['s'], rubric: null, parameters: '', conversationFields: '', range: [1, 4], context: [], turn: { turn: 1 } }).safeParse({ score: 5, reason: '' }).success).toBe(false);
  });
});
