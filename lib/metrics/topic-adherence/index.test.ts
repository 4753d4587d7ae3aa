import { describe, expect, it } from 'vitest';
import { createScriptedJudge, type ScriptedHandlers } from '../../judge/scripted-judge';
import type { StepInput } from '../../judge/steps';
import { metricApplies, referenceCallCount } from '../registry';
import { assistant, user } from '../testing/conversations';
import type { Conversation } from '../../domain/conversation';
import { TopicAdherenceMetric } from './index';
import { topicAdherenceScore } from './score';

// deepeval's own test case (tests/test_metrics/test_topic_adherence_metric.py): one on-topic
// question answered.
const shoes: Conversation = {
  relevantTopics: ['Cars and Shoe stores'],
  turns: [user("What if these shoes don't fit?"), assistant('We offer a 30-day full refund at no extra cost.')],
};

// Four interactions against the topics shoes and refunds. The points are lost on turns 2 (an
// on-topic question refused: FN) and 4 (two questions, one off topic and answered anyway: FP),
// not on the last turns.
const store: Conversation = {
  relevantTopics: ['shoes', 'refunds'],
  turns: [
    user('Do you sell running shoes?'),
    assistant('Sorry, I cannot help with that.'),
    user('Who won the football match yesterday? And how long is your refund window?'),
    assistant('Arsenal won 2–1. Refunds are accepted within 30 days.'),
    user('Can you recommend a stock to buy?'),
    assistant('I can only help with shoes and refunds.'),
    user('What sizes do the trail shoes come in?'),
    assistant('Sizes 36 to 47.'),
  ],
};

// The judge: each user question with the reply after it, as the reference's extraction template
// asks (one pair per question), and the truth table from a fixed reading of each question.
const TRUTH: Record<string, 'TP' | 'TN' | 'FP' | 'FN'> = {
  'Do you sell running shoes?': 'FN',
  'Who won the football match yesterday?': 'FP',
  'And how long is your refund window?': 'TP',
  'Can you recommend a stock to buy?': 'TN',
  'What sizes do the trail shoes come in?': 'TP',
  "What if these shoes don't fit?": 'TP',
};
const qaPairs = (input: StepInput<'topic_adherence.qa_pairs'>) => {
  const reply = input.turns.find((t) => t.role === 'assistant')!;
  const questions = input.turns.filter((t) => t.role === 'user').flatMap((t) => t.content.match(/[^?]+\?/g) ?? []);
  const answers = reply.content.split(/(?<=\.) /);
  return { pairs: questions.map((q, i) => ({ question: q.trim(), response: answers[Math.min(i, answers.length - 1)], turn: reply.turn })) };
};
const verdict = (input: StepInput<'topic_adherence.verdict'>) => ({ verdict: TRUTH[input.question], reason: `${TRUTH[input.question]} against ${input.relevantTopics.join(', ')}` });
const handlers: ScriptedHandlers = { 'topic_adherence.qa_pairs': qaPairs, 'topic_adherence.verdict': verdict, reason: (input) => ({ reason: input.reasons.join(' | ') }) };

describe('TopicAdherenceMetric', () => {
  it("scores deepeval's shoe-store example 1: one pair, answered on topic, in the reference's three calls", async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new TopicAdherenceMetric(judge).measure(shoes);
    expect(result).toMatchObject({ score: 1, success: true });
    expect(result.verdicts.map((v) => [v.turn + 1, v.verdict, v.score])).toEqual([[2, 'yes', 1]]);
    expect(judge.callsTo('topic_adherence.qa_pairs')).toEqual([
      {
        turns: [
          { turn: 1, role: 'user', content: "What if these shoes don't fit?" },
          { turn: 2, role: 'assistant', content: 'We offer a 30-day full refund at no extra cost.' },
        ],
      },
    ]);
    expect(judge.callsTo('topic_adherence.verdict')).toEqual([
      { relevantTopics: ['Cars and Shoe stores'], question: "What if these shoes don't fit?", response: 'We offer a 30-day full refund at no extra cost.' },
    ]);
    // deepeval: one extraction per interaction, one verdict per pair, one reason.
    expect(result.usage.calls).toBe(3);
    expect(referenceCallCount('topic_adherence', shoes)).toBe(3);
  });

  it('scores (TP + TN) ÷ pairs = 3/5, with "no" on turns 2 and 4, the turns that cost points, not the last', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new TopicAdherenceMetric(judge, { threshold: 0.7 }).measure(store);
    expect(result.score).toBeCloseTo(0.6);
    expect(result.success).toBe(false);
    expect(result.verdicts.map((v) => [v.turn + 1, v.verdict, v.score])).toEqual([
      [2, 'no', 0],
      [4, 'no', 0.5],
      [6, 'yes', 1],
      [8, 'yes', 1],
    ]);
    expect(result.verdicts[1].reason).toBe('FP: "Who won the football match yesterday?" (turn 4). FP against shoes, refunds');
    // Calls as the reference makes them: 4 extractions, 5 verdicts (one per pair), 1 reason.
    expect(judge.callsTo('topic_adherence.qa_pairs')).toHaveLength(4);
    expect(judge.callsTo('topic_adherence.verdict').map((c) => c.question)).toEqual(expect.arrayContaining(Object.keys(TRUTH).slice(0, 5)));
    expect(result.usage.calls).toBe(4 + 5 + 1);
    expect(result.reason).toBe('FN: "Do you sell running shoes?" (turn 2). FN against shoes, refunds | FP: "Who won the football match yesterday?" (turn 4). FP against shoes, refunds');
  });

  it("judges against the conversation's own topics over the option's, and the option's when it has none", async () => {
    const judge = createScriptedJudge(handlers);
    await new TopicAdherenceMetric(judge, { includeReason: false, relevantTopics: ['cars'] }).measure(shoes);
    await new TopicAdherenceMetric(judge, { includeReason: false, relevantTopics: ['cars'] }).measure({ turns: shoes.turns });
    expect(judge.callsTo('topic_adherence.verdict').map((c) => c.relevantTopics)).toEqual([['Cars and Shoe stores'], ['cars']]);
  });

  it('is not applicable without relevant_topics or the option, and refuses such a conversation naming the field', async () => {
    expect(metricApplies('topic_adherence', { turns: shoes.turns })).toBe(false);
    expect(metricApplies('topic_adherence', { turns: shoes.turns }, { relevantTopics: ['shoes'] })).toBe(true);
    expect(metricApplies('topic_adherence', shoes)).toBe(true);
    const judge = createScriptedJudge(handlers);
    const result = await new TopicAdherenceMetric(judge).measure({ turns: shoes.turns });
    expect(result).toMatchObject({ score: null, success: false, error: expect.stringContaining('relevant_topics') });
    expect(judge.calls).toHaveLength(0);
  });

  it('puts a pair on the assistant turn that answered it when an interaction has two replies', async () => {
    const judge = createScriptedJudge({
      ...handlers,
      'topic_adherence.qa_pairs': () => ({ pairs: [{ question: 'Do you sell running shoes?', response: 'Sorry, I cannot help with that.', turn: 2 }] }),
    });
    const result = await new TopicAdherenceMetric(judge, { includeReason: false }).measure({
      relevantTopics: ['shoes'],
      turns: [user('Do you sell running shoes?'), assistant('Sorry, I cannot help with that.'), assistant('Anything else?')],
    });
    expect(result.verdicts.map((v) => [v.turn + 1, v.verdict])).toEqual([[2, 'no']]);
  });

  it('applies strict mode as the reference; no pair scores 0 with no verdict or reason call', async () => {
    expect(await new TopicAdherenceMetric(createScriptedJudge(handlers), { strictMode: true, includeReason: false }).measure(store)).toMatchObject({ score: 0, threshold: 1 });
    const judge = createScriptedJudge({ ...handlers, 'topic_adherence.qa_pairs': () => ({ pairs: [{ question: '', response: '', turn: 2 }] }) });
    const result = await new TopicAdherenceMetric(judge).measure({ relevantTopics: ['shoes'], turns: [user('Hi!'), assistant('Hello!')] });
    expect(result).toMatchObject({ score: 0, success: false, verdicts: [] });
    expect(result.reason).toContain('no question–answer pairs');
    expect(judge.calls.map((c) => c.step)).toEqual(['topic_adherence.qa_pairs']);
  });

  it('accepts only the four truth-table verdicts and assistant turns of the interaction', async () => {
    const badVerdict = createScriptedJudge({ ...handlers, 'topic_adherence.verdict': () => ({ verdict: 'yes', reason: '' }) as never });
    expect((await new TopicAdherenceMetric(badVerdict, { includeReason: false }).measure(shoes)).score).toBeNull();
    const badTurn = createScriptedJudge({ ...handlers, 'topic_adherence.qa_pairs': () => ({ pairs: [{ question: 'q', response: 'r', turn: 1 }] }) });
    expect((await new TopicAdherenceMetric(badTurn, { includeReason: false }).measure(shoes)).score).toBeNull();
  });
});

describe('topicAdherenceScore', () => {
  it('is (TP + TN) ÷ all, 0 with none', () => {
    expect(topicAdherenceScore([])).toBe(0);
    expect(topicAdherenceScore(['TP', 'TN', 'FP', 'FN'])).toBe(0.5);
  });
});
