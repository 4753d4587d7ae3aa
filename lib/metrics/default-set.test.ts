import { describe, expect, it } from 'vitest';
import { notInDefaultSet, preselectMetric, verdictOnRetrieval } from './default-set';
import { METRIC_NAMES } from './registry';

const applicable = (name: string, custom: unknown = null) => ({ name, custom, conversations: 5 });

describe('the default metric set', () => {
  it('leaves out the metrics that fail good conversations because they judge the retriever', () => {
    expect(METRIC_NAMES.filter((m) => notInDefaultSet(m) !== null)).toEqual(['turn_contextual_recall', 'turn_contextual_precision', 'turn_contextual_relevancy']);
    expect(preselectMetric(applicable('turn_contextual_relevancy'), 'openai')).toBe(false);
    expect(preselectMetric(applicable('knowledge_retention'), 'offline')).toBe(true);
  });

  it('preselects a metric only where it applies, the preselected judge can score it, and never a custom one', () => {
    expect(preselectMetric({ ...applicable('turn_faithfulness'), conversations: 0 }, 'offline')).toBe(false);
    expect(preselectMetric(applicable('goal_accuracy'), 'offline')).toBe(false);
    expect(preselectMetric(applicable('goal_accuracy'), 'openai')).toBe(true);
    expect(preselectMetric(applicable('refund_policy', { version: 1 }), 'openai')).toBe(false);
  });

  it('says which metrics judge the retrieval context rather than the turn’s message', () => {
    expect(METRIC_NAMES.filter(verdictOnRetrieval)).toEqual(['contextual_recall', 'turn_contextual_recall', 'turn_contextual_precision', 'turn_contextual_relevancy']);
    expect(verdictOnRetrieval('refund_policy')).toBe(false);
  });
});
