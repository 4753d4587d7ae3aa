import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { llmJudgeRefusal, offlineJudgeRefusal } from './llm-judge-refusal';
import { llmOnlyMetricsOnOfflineJudge, refuseLlmOnlyMetricsOnOffline } from './needs-llm-judge';

describe('metrics that need an LLM judge', () => {
  it('are named only when the judge is the offline one: built-in ones whose descriptor says so, and custom ones', () => {
    const metrics = [{ name: 'role_adherence' }, { name: 'knowledge_retention' }, { name: 'refund_policy', custom: {} }];
    expect(llmOnlyMetricsOnOfflineJudge('offline', metrics)).toEqual(['role_adherence', 'refund_policy']);
    expect(llmOnlyMetricsOnOfflineJudge('openai', metrics)).toEqual([]);
  });

  it('refuse the work with one sentence naming them, whatever the kind of metric, and the field', () => {
    expect(() => refuseLlmOnlyMetricsOnOffline('openai', [{ name: 'role_adherence' }])).not.toThrow();
    expect(() => refuseLlmOnlyMetricsOnOffline('offline', [{ name: 'knowledge_retention' }])).not.toThrow();
    const refused = (metrics: { name: string; custom?: unknown }[]) => {
      try {
        refuseLlmOnlyMetricsOnOffline('offline', metrics, 'evaluate.metrics', '--metric-file');
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        return { message: (error as AppError).message, details: (error as AppError).details };
      }
      return expect.unreachable();
    };
    expect(refused([{ name: 'role_adherence' }])).toEqual({ message: llmJudgeRefusal(['role_adherence']), details: { field: 'evaluate.metrics' } });
    expect(refused([{ name: 'refund_policy', custom: true }])).toEqual({ message: llmJudgeRefusal(['refund_policy']), details: { field: '--metric-file' } });
    expect(llmJudgeRefusal(['role_adherence'])).toBe(
      'role_adherence needs an LLM judge: the offline judge cannot score it. Choose an LLM judge (set OPENAI_API_KEY or add a judge connection), or leave it out.',
    );
  });

  it('are decided the same way from the flags a form holds', () => {
    expect(offlineJudgeRefusal('offline', [{ name: 'goal_accuracy', needsLlmJudge: true }, { name: 'x', custom: true }])).toBe(llmJudgeRefusal(['goal_accuracy', 'x']));
    expect(offlineJudgeRefusal('offline', [{ name: 'knowledge_retention', needsLlmJudge: false }])).toBeNull();
    expect(offlineJudgeRefusal('openai', [{ name: 'goal_accuracy', needsLlmJudge: true }])).toBeNull();
  });
});
