import { describe, expect, it } from 'vitest';
import { createScriptedJudge } from '../../judge/scripted-judge';
import type { Conversation } from '../../domain/conversation';
import { applicableMetrics, metricApplies } from '../../metrics/registry';
import { countItems, evaluateConversations } from './evaluate-conversations';

const plain: Conversation = {
  turns: [
    { role: 'user', content: 'Hello, my name is Ada.' },
    { role: 'assistant', content: 'Hi Ada, how can I help?' },
  ],
};
const rag: Conversation = {
  turns: [
    { role: 'user', content: 'How long is the warranty?' },
    { role: 'assistant', content: 'Two years.', retrievalContext: ['The warranty lasts two years.'], expectedOutput: 'The warranty lasts two years.' },
  ],
};

describe('which metrics apply', () => {
  it('needs retrieval context for faithfulness and an expected output for recall', () => {
    expect(metricApplies('turn_faithfulness', plain)).toBe(false);
    expect(metricApplies('contextual_recall', plain)).toBe(false);
    expect(metricApplies('knowledge_retention', plain)).toBe(true);
    expect(metricApplies('turn_faithfulness', rag)).toBe(true);
    expect(metricApplies('contextual_recall', rag)).toBe(true);
    expect(applicableMetrics([plain])).toEqual(['knowledge_retention', 'conversation_relevancy', 'conversation_completeness', 'goal_accuracy']);
    expect(applicableMetrics([plain, rag])).toEqual(['knowledge_retention', 'turn_faithfulness', 'conversation_relevancy', 'contextual_recall', 'turn_contextual_relevancy', 'conversation_completeness', 'goal_accuracy']);
    // Precision ranks nodes against an expected outcome; relevancy needs the retrieval context only.
    expect(metricApplies('turn_contextual_precision', rag)).toBe(false);
    expect(metricApplies('turn_contextual_recall', rag)).toBe(false);
    expect(metricApplies('turn_contextual_recall', { ...rag, expectedOutcome: 'The user learns the warranty lasts two years.' })).toBe(true);
  });

  it('offers context coverage only where a turn or the conversation has reference items, not for retrieval context alone', () => {
    expect(metricApplies('context_coverage', rag)).toBe(false);
    const itemsOnTurn: Conversation = { turns: [rag.turns[0], { ...rag.turns[1], context: ['two years'] }] };
    const itemsOnConversation: Conversation = { ...rag, context: ['two years'] };
    expect(metricApplies('context_coverage', itemsOnTurn)).toBe(true);
    expect(metricApplies('context_coverage', itemsOnConversation)).toBe(true);
    expect(applicableMetrics([rag, itemsOnTurn])).toContain('context_coverage');
  });
});

describe('evaluateConversations', () => {
  it('scores only the pairs that apply and reports each result as it finishes', async () => {
    const judge = createScriptedJudge({
      'conversation_relevancy.relevance': () => ({ verdict: 'yes', reason: 'on topic' }),
      'contextual_recall.attribution': (input) => ({
        verdicts: [{ sentence: input.expectedOutput, verdict: 'yes', node: 1, reason: 'node 1' }],
      }),
      reason: () => ({ reason: 'fine' }),
    });
    const metrics = [
      { name: 'conversation_relevancy' as const, options: {} },
      { name: 'contextual_recall' as const, options: {} },
    ];
    const seen: string[] = [];
    const results = await evaluateConversations({
      conversations: [plain, rag],
      metrics,
      judge,
      concurrency: 2,
      onResult: (item) => void seen.push(`${item.conversation}:${item.metric}`),
    });
    expect(countItems([plain, rag], metrics)).toBe(3);
    expect(seen.sort()).toEqual(['0:conversation_relevancy', '1:contextual_recall', '1:conversation_relevancy']);
    expect(results[0][1]).toBeNull();
    expect(results[1][1]?.score).toBe(1);
    expect(results[0][0]?.success).toBe(true);
  });

  it('leaves out the items the caller already has', async () => {
    const judge = createScriptedJudge({
      'conversation_relevancy.relevance': () => ({ verdict: 'no', reason: 'off topic' }),
      reason: () => ({ reason: 'irrelevant' }),
    });
    const results = await evaluateConversations({
      conversations: [plain, rag],
      metrics: [{ name: 'conversation_relevancy', options: {} }],
      judge,
      concurrency: 1,
      skip: (item) => item.conversation === 0,
    });
    expect(results[0][0]).toBeNull();
    expect(results[1][0]?.score).toBe(0);
  });
});
