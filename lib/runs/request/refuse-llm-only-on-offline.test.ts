import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { refuseLlmOnlyMetricsOnOffline } from './refuse-llm-only-on-offline';
import { llmOnlyMetricsOnOfflineJudge } from '../../metrics/needs-llm-judge';

describe('metrics that need an LLM judge', () => {
  it('are named only when the judge is the offline one, custom metrics aside', () => {
    const metrics = [{ name: 'role_adherence' }, { name: 'knowledge_retention' }, { name: 'role_adherence_custom', custom: {} }];
    expect(llmOnlyMetricsOnOfflineJudge('offline', metrics)).toEqual(['role_adherence']);
    expect(llmOnlyMetricsOnOfflineJudge('openai', metrics)).toEqual([]);
  });

  it('refuse the run with one sentence naming them and the field', () => {
    expect(() => refuseLlmOnlyMetricsOnOffline('openai', [{ name: 'role_adherence' }])).not.toThrow();
    expect(() => refuseLlmOnlyMetricsOnOffline('offline', [{ name: 'knowledge_retention' }])).not.toThrow();
    try {
      refuseLlmOnlyMetricsOnOffline('offline', [{ name: 'role_adherence' }]);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).message).toMatch(/^role_adherence needs an LLM judge/);
      expect((error as AppError).details).toEqual({ field: 'metrics' });
    }
  });
});
