import { byItemNumber } from '../judge/step-items';
import { describe, expect, it } from 'vitest';
import bankAccount from '../../tests/fixtures/conversations/bank-account.json';
import { createScriptedJudge, type ScriptedHandlers } from '../judge/scripted-judge';
import { AppError } from '../errors';
import { BUILT_IN_METRICS, createMetric, isBuiltInMetric, metricOptionsSchemas, referenceCallCount, sortMetricNames, METRIC_NAMES } from './registry';
import { ragConversation, user } from './testing/conversations';
import { conversationSchema } from '../domain/conversation';

const agreeable: ScriptedHandlers = {
  'knowledge_retention.facts': (input) => ({ facts: [{ key: 'said', values: [input.message] }] }),
  'knowledge_retention.attrition': () => ({ attrition: 'no', reason: 'remembers' }),
  'turn_faithfulness.truths': (input) => ({ documents: byItemNumber(input.documents.map((d) => ({ truths: [d] }))) }),
  'turn_faithfulness.claims': (input) => ({ claims: [input.message] }),
  'turn_faithfulness.verdicts': (input) => ({ verdicts: byItemNumber(input.claims.map(() => ({ verdict: 'yes' as const, reason: 'supported' }))) }),
  'conversation_relevancy.relevance': () => ({ verdict: 'yes', reason: 'on topic' }),
  'contextual_recall.attribution': (input) => ({ verdicts: [{ sentence: input.expectedOutput, verdict: 'yes', node: 1, reason: 'node 1' }] }),
  'turn_contextual_recall.attribution': (input) => ({ verdicts: [{ sentence: input.expectedOutcome, verdict: 'yes', node: 1, reason: 'node 1' }] }),
  'context_coverage.coverage': (input) => ({ verdicts: byItemNumber(input.context.map(() => ({ verdict: 'yes' as const, reason: 'present' }))) }),
  'role_adherence.verdicts': (input) => ({
    verdicts: Object.fromEntries(input.turns.filter((t) => t.role === 'assistant').map((t) => [String(t.turn), { verdict: 'yes' as const, reason: 'in role' }])),
  }),
  'conversation_completeness.intentions': (input) => ({
    intentions: input.turns.filter((t) => t.role === 'user').map((t) => ({ intention: `wants ${t.content}`, turn: t.turn })),
  }),
  'conversation_completeness.verdict': () => ({ verdict: 'yes', reason: 'met' }),
  'goal_accuracy.goal': () => ({ score: 1, reason: 'achieved' }),
  'goal_accuracy.plan': () => ({ score: 1, reason: 'followed' }),
  'tool_use.selection': () => ({ score: 1, reason: 'the right tool' }),
  'tool_use.arguments': () => ({ score: 1, reason: 'the right arguments' }),
  'turn_contextual_precision.verdicts': (input) => ({ verdicts: byItemNumber(input.retrievalContext.map(() => ({ verdict: 'yes' as const, reason: 'useful' }))) }),
  'turn_contextual_relevancy.statements': (input) => ({
    nodes: byItemNumber(input.retrievalContext.map((node) => ({ statements: [{ statement: node, verdict: 'yes' as const, reason: '' }] }))),
  }),
  'topic_adherence.qa_pairs': (input) => ({
    pairs: input.turns.filter((t) => t.role === 'assistant').map((t) => ({ question: input.turns[0].content, response: t.content, turn: t.turn })),
  }),
  'topic_adherence.verdict': () => ({ verdict: 'TP', reason: 'on topic, answered' }),
  reason: () => ({ reason: 'fine' }),
};

describe('createMetric', () => {
  it.each(METRIC_NAMES)('builds %s and measures a conversation with it', async (name) => {
    const metric = createMetric(name, createScriptedJudge(agreeable));
    expect(metric.name).toBe(name);
    const result = await metric.measure(ragConversation(2));
    expect(result).toMatchObject({ metric: name, score: 1, success: true, error: null, reason: 'fine' });
    expect(result.verdicts.length).toBeGreaterThan(0);
  });

  it('validates options with the metric’s schema', () => {
    expect(() => createMetric('conversation_relevancy', createScriptedJudge({}), { windowSize: 0 })).toThrow(AppError);
    expect(() => createMetric('knowledge_retention', createScriptedJudge({}), { threshold: 2 })).toThrow(/threshold/);
  });

  it('applies a custom template to its step', async () => {
    const metric = createMetric('conversation_relevancy', createScriptedJudge(agreeable), {
      includeReason: false,
      verboseMode: true,
      templates: { 'conversation_relevancy.relevance': (input) => [{ role: 'user', content: `Relevant? ${input.assistantMessage}` }] },
    });
    const result = await metric.measure(ragConversation(1));
    expect(result.calls[0].messages).toEqual([{ role: 'user', content: 'Relevant? Answer 0. Fact 0 holds.' }]);
  });
});

describe('metricOptionsSchemas', () => {
  it('fills the documented defaults', () => {
    expect(metricOptionsSchemas.turn_faithfulness.parse({})).toMatchObject({ windowSize: 10, penalizeAmbiguousClaims: false, threshold: 0.5 });
    expect(metricOptionsSchemas.conversation_relevancy.parse({})).toMatchObject({ windowSize: 3, includeReason: true, asyncMode: true });
    expect(metricOptionsSchemas.context_coverage.parse({})).toMatchObject({ scale: 1, strictMode: false });
  });
});

describe('referenceCallCount', () => {
  const bank = conversationSchema.parse(bankAccount);

  it('counts what the reference implementation calls', () => {
    expect(referenceCallCount('knowledge_retention', bank)).toBe(12 + 12 + 1);
    expect(referenceCallCount('turn_faithfulness', ragConversation(10))).toBe(31);
    expect(referenceCallCount('turn_faithfulness', ragConversation(10), { includeReason: false })).toBe(30);
    expect(referenceCallCount('conversation_relevancy', ragConversation(5))).toBe(6);
    expect(referenceCallCount('contextual_recall', ragConversation(4))).toBe(5);
    expect(referenceCallCount('context_coverage', ragConversation(4))).toBe(5);
    // deepeval's TurnContextualRecallMetric: a verdict and a reason call per window, then the final reason.
    expect(referenceCallCount('turn_contextual_recall', ragConversation(4))).toBe(9);
    expect(referenceCallCount('turn_contextual_precision', ragConversation(4))).toBe(9);
    expect(referenceCallCount('conversation_relevancy', { turns: [user('hi')] })).toBe(0);
    // deepeval's RoleAdherenceMetric: one call over the whole conversation, then the reason.
    expect(referenceCallCount('role_adherence', ragConversation(10))).toBe(2);
    // deepeval's TopicAdherenceMetric: a QA-pair extraction per interaction and a verdict per pair (one counted each), then the reason.
    expect(referenceCallCount('topic_adherence', ragConversation(10))).toBe(21);
    // deepeval's ToolUseMetric: a selection call per interaction, an argument call per one that called tools, two reasons.
    expect(referenceCallCount('tool_use', ragConversation(10))).toBe(10 + 10 + 2);
    expect(referenceCallCount('tool_use', ragConversation(10), { includeReason: false })).toBe(10 + 10 + 2);
  });

  it.each(METRIC_NAMES)('%s makes no more calls than the reference on 10 exchanges with retrieval context', async (name) => {
    const conversation = ragConversation(10);
    const judge = createScriptedJudge(agreeable);
    const result = await createMetric(name, judge).measure(conversation);
    expect(result.error).toBeNull();
    expect(judge.calls.length).toBe(result.usage.calls);
    expect(judge.calls.length).toBeLessThanOrEqual(referenceCallCount(name, conversation));
  });

  it('turn_faithfulness extracts each document once however the windows overlap', async () => {
    const judge = createScriptedJudge(agreeable);
    await createMetric('turn_faithfulness', judge, { windowSize: 3 }).measure(ragConversation(10));
    // Every turn brings one new document: 10 truths calls, each with only that document.
    const documents = judge.callsTo('turn_faithfulness.truths').map((c) => c.documents);
    expect(documents.every((d) => d.length === 1)).toBe(true);
    expect(new Set(documents.flat()).size).toBe(10);
    expect(judge.callsTo('turn_faithfulness.claims')).toHaveLength(10);
    expect(judge.calls).toHaveLength(31);
  });

  it('turn_faithfulness makes fewer calls than the reference when turns retrieve the same documents', async () => {
    const conversation = ragConversation(10);
    const shared = ['Policy A applies.', 'Policy B applies.'];
    conversation.turns.forEach((t) => {
      if (t.role === 'assistant') t.retrievalContext = shared;
    });
    const judge = createScriptedJudge(agreeable);
    await createMetric('turn_faithfulness', judge).measure(conversation);
    expect(judge.callsTo('turn_faithfulness.truths')).toEqual([{ documents: shared, limit: null }]);
    expect(judge.calls).toHaveLength(1 + 10 + 10 + 1);
    expect(referenceCallCount('turn_faithfulness', conversation)).toBe(31);
  });
});

describe('descriptors', () => {
  it('are the one list every other list derives from', () => {
    const names = BUILT_IN_METRICS.map((d) => d.name);
    expect(METRIC_NAMES).toEqual(names);
    expect(Object.keys(metricOptionsSchemas)).toEqual(names);
    expect(names.every(isBuiltInMetric)).toBe(true);
    expect(isBuiltInMetric('refund_policy')).toBe(false);
    // Built-in metrics in registry order, then the others (custom metrics) by name.
    expect(sortMetricNames(['zeta', 'context_coverage', 'alpha', 'knowledge_retention'])).toEqual(['knowledge_retention', 'context_coverage', 'alpha', 'zeta']);
  });

  it.each(BUILT_IN_METRICS.map((d) => [d.name, d] as const))('%s declares the judge steps it sends, and its view reads the steps it stores', async (_, descriptor) => {
    const judge = createScriptedJudge(agreeable);
    const result = await descriptor.create(judge).measure(ragConversation(3));
    const sent = new Set(judge.calls.map((c) => c.step).filter((step) => step !== 'reason'));
    expect([...sent].sort()).toEqual(Object.keys(descriptor.steps).sort());
    const view = descriptor.view(result.steps);
    expect(view).not.toBeNull();
    expect(view!.some((section) => section.groups.length > 0)).toBe(true);
    expect(descriptor.view({ [Object.keys(result.steps)[0]]: 'not what it stores' })).toBeNull();
  });
});
