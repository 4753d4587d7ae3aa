import { describe, expect, it } from 'vitest';
import { metricOptionFields } from './metric-option-fields';
import { metricSelectionsOf } from '../../metrics/selected-metric';
import { countItems } from '../execution/evaluate-conversations';
import { runRequestFieldErrors, runRequestSchema } from './run-request';

const base = { datasetId: 'd1', judge: { kind: 'offline' }, concurrency: 4 };

describe('run request', () => {
  it('keeps the options a metric takes and reports bad ones by field', () => {
    const ok = runRequestSchema.parse({
      ...base,
      metrics: [{ name: 'turn_faithfulness', options: { windowSize: 2, truthsExtractionLimit: undefined, threshold: 0.7 } }],
      modelVersion: '  ',
    });
    expect(ok.metrics).toEqual([{ name: 'turn_faithfulness', options: { windowSize: 2, threshold: 0.7 } }]);
    expect(ok.modelVersion).toBeUndefined();

    const input = {
      ...base,
      concurrency: 0,
      metrics: [
        { name: 'knowledge_retention', options: { threshold: 1.5, windowSize: 3 } },
        { name: 'context_coverage', options: { scale: -1 } },
      ],
    };
    const parsed = runRequestSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    const errors = runRequestFieldErrors(parsed.error!, input);
    expect(Object.keys(errors).sort()).toEqual([
      'concurrency',
      'metrics.context_coverage.scale',
      'metrics.knowledge_retention.threshold',
      'metrics.knowledge_retention.windowSize',
    ]);
  });

  it('needs a metric, and each metric once', () => {
    expect(runRequestSchema.safeParse({ ...base, metrics: [] }).success).toBe(false);
    const twice = { ...base, metrics: [{ name: 'conversation_relevancy' }, { name: 'conversation_relevancy' }] };
    expect(runRequestFieldErrors(runRequestSchema.safeParse(twice).error!, twice)).toEqual({ metrics: ['A metric is listed twice'] });
  });

  it('reads stored settings back in metric order', () => {
    expect(metricSelectionsOf({ context_coverage: { scale: 100 }, knowledge_retention: {} }).map((m) => m.name)).toEqual([
      'knowledge_retention',
      'context_coverage',
    ]);
    expect(metricSelectionsOf('garbage')).toEqual([]);
  });

  it('offers each metric its own options with its defaults', () => {
    expect(metricOptionFields('turn_faithfulness').map((f) => [f.key, f.defaultValue])).toEqual([
      ['threshold', 0.5],
      ['strictMode', false],
      ['includeReason', true],
      ['windowSize', 10],
      ['truthsExtractionLimit', null],
      ['penalizeAmbiguousClaims', false],
    ]);
    expect(metricOptionFields('context_coverage').map((f) => f.key)).toContain('scale');
    expect(metricOptionFields('knowledge_retention').map((f) => f.key)).not.toContain('windowSize');
    expect(metricOptionFields('topic_adherence').find((f) => f.key === 'relevantTopics')).toMatchObject({ kind: 'list', defaultValue: null });
    expect(metricOptionFields('role_adherence').map((f) => f.key)).not.toContain('relevantTopics');
  });

  it("takes topic_adherence's relevant topics as a list of non-empty text, naming the field otherwise", () => {
    const ok = runRequestSchema.parse({ ...base, metrics: [{ name: 'topic_adherence', options: { relevantTopics: ['refunds', 'shoes'] } }] });
    expect(ok.metrics[0].options).toEqual({ relevantTopics: ['refunds', 'shoes'] });
    for (const relevantTopics of [[], ['  '], 'refunds']) {
      const input = { ...base, metrics: [{ name: 'topic_adherence', options: { relevantTopics } }] };
      const parsed = runRequestSchema.safeParse(input);
      expect(parsed.success).toBe(false);
      expect(Object.keys(runRequestFieldErrors(parsed.error!, input))).toEqual(['metrics.topic_adherence.relevantTopics']);
    }
  });

  it('takes tool_use’s availableTools from the API and the CLI (not the form), naming a malformed tool, and counts the conversations it makes applicable', () => {
    const tools = [{ name: 'search_flights', description: 'Flights on a date' }];
    const ok = runRequestSchema.parse({ ...base, metrics: [{ name: 'tool_use', options: { availableTools: tools } }] });
    expect(ok.metrics[0].options).toEqual({ availableTools: tools });
    expect(metricOptionFields('tool_use').map((f) => f.key)).not.toContain('availableTools');

    const bad = { ...base, metrics: [{ name: 'tool_use', options: { availableTools: [{ name: 'x', input_parameters: 'q=1' }] } }] };
    const errors = runRequestFieldErrors(runRequestSchema.safeParse(bad).error!, bad);
    expect(errors).toEqual({ 'metrics.tool_use.availableTools': ['expected an object of argument names to values'] });
    expect(runRequestSchema.safeParse({ ...base, metrics: [{ name: 'goal_accuracy', options: { availableTools: tools } }] }).success).toBe(false);

    // A conversation that calls tools but names none available is scored only with the option.
    const conversation = { turns: [{ role: 'user' as const, content: 'Flights to Paris?' }, { role: 'assistant' as const, content: 'Three.', toolsCalled: [{ name: 'search_flights' }] }] };
    expect(countItems([conversation], [{ name: 'tool_use', options: {} }])).toBe(0);
    expect(countItems([conversation], [{ name: 'tool_use', options: { availableTools: tools } }])).toBe(1);
  });
});
