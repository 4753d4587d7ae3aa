import { describe, expect, it } from 'vitest';
import { createScriptedJudge } from '../../judge/scripted-judge';
import type { Conversation, Turn } from '../../domain/conversation';
import { assistant, user } from '../testing/conversations';
import { ConversationRelevancyMetric } from './index';
import { conversationRelevancyScore } from './score';

/** n exchanges; the replies at the given exchange positions talk about the weather instead. */
function conversationWith(n: number, irrelevantAt: number[]): Conversation {
  const turns: Turn[] = [];
  for (let i = 0; i < n; i++) {
    turns.push(user(`How do I reset setting ${i}?`));
    turns.push(assistant(irrelevantAt.includes(i) ? 'The weather is lovely today.' : `Open settings and reset setting ${i}.`));
  }
  return { turns };
}

const judgeRelevance = () =>
  createScriptedJudge({
    'conversation_relevancy.relevance': (input) =>
      input.assistantMessage.includes('weather')
        ? { verdict: 'no', reason: 'talks about the weather instead of the setting' }
        : { verdict: 'yes', reason: 'explains how to reset the setting' },
    reason: (input) => ({ reason: `relevancy ${input.score}` }),
  });

describe('ConversationRelevancyMetric: aggregation pinned by the reference', () => {
  it.each([
    [5, [2], 0.8],
    [10, [7], 0.9],
    [10, [0, 9], 0.8],
    [20, [13], 0.95],
    [4, [0, 1, 2, 3], 0],
    [4, [], 1],
  ])('%i exchanges with irrelevant replies at %j score %s', async (n, irrelevantAt, expected) => {
    const result = await new ConversationRelevancyMetric(judgeRelevance(), { includeReason: false }).measure(conversationWith(n, irrelevantAt));
    expect(result.score).toBeCloseTo(expected, 10);
    expect(result.verdicts).toHaveLength(n);
    expect(result.verdicts.filter((v) => v.verdict === 'no').map((v) => v.turn)).toEqual(irrelevantAt.map((i) => 2 * i + 1));
  });

  it('makes exactly 5 verdict calls for 5 exchanges (+1 reason)', async () => {
    const judge = judgeRelevance();
    const result = await new ConversationRelevancyMetric(judge).measure(conversationWith(5, [1]));
    expect(judge.callsTo('conversation_relevancy.relevance')).toHaveLength(5);
    expect(judge.callsTo('reason')).toHaveLength(1);
    expect(result.usage.calls).toBe(6);
    expect(result.reason).toBe('relevancy 0.8');
  });

  it('does not score a trailing user turn', async () => {
    const judge = judgeRelevance();
    const conversation = conversationWith(3, []);
    const result = await new ConversationRelevancyMetric(judge, { includeReason: false }).measure({
      turns: [...conversation.turns, user('And setting 9?')],
    });
    expect(judge.callsTo('conversation_relevancy.relevance')).toHaveLength(3);
    expect(judge.calls.some((c) => JSON.stringify(c.input).includes('setting 9'))).toBe(false);
    expect(result.verdicts.map((v) => v.turn)).toEqual([1, 3, 5]);
  });
});

describe('ConversationRelevancyMetric', () => {
  it('gives each window the last k exchanges and judges the last reply against the latest user input', async () => {
    const judge = judgeRelevance();
    await new ConversationRelevancyMetric(judge, { windowSize: 2, includeReason: false }).measure(conversationWith(3, []));
    const calls = judge.callsTo('conversation_relevancy.relevance');
    expect(calls.map((c) => c.window.length)).toEqual([2, 4, 4]);
    expect(calls[2].window[0].content).toBe('How do I reset setting 1?');
    expect(calls[2]).toMatchObject({ userMessage: 'How do I reset setting 2?', assistantMessage: 'Open settings and reset setting 2.' });
  });

  it('stores the judge’s reason with each verdict and the window in the steps', async () => {
    const result = await new ConversationRelevancyMetric(judgeRelevance(), { includeReason: false }).measure(conversationWith(2, [1]));
    expect(result.verdicts).toEqual([
      { turn: 1, verdict: 'yes', reason: 'explains how to reset the setting' },
      { turn: 3, verdict: 'no', reason: 'talks about the weather instead of the setting' },
    ]);
    expect(result.steps.windows).toHaveLength(2);
  });

  it('scores 1 with no exchange and makes no call', async () => {
    const judge = createScriptedJudge({});
    const result = await new ConversationRelevancyMetric(judge).measure({ turns: [user('hello?')] });
    expect(result).toMatchObject({ score: 1, success: true, error: null });
    expect(judge.calls).toHaveLength(0);
  });

  it('fails below the threshold and in strict mode', async () => {
    const conversation = conversationWith(5, [0, 1]);
    const lenient = await new ConversationRelevancyMetric(judgeRelevance(), { threshold: 0.7, includeReason: false }).measure(conversation);
    const strict = await new ConversationRelevancyMetric(judgeRelevance(), { strictMode: true, includeReason: false }).measure(conversation);
    expect(lenient).toMatchObject({ score: 0.6, success: false });
    expect(strict).toMatchObject({ score: 0, success: false, threshold: 1 });
  });

  it('records the error when the judge fails', async () => {
    const judge = createScriptedJudge({
      'conversation_relevancy.relevance': () => {
        throw new Error('ETIMEDOUT');
      },
    });
    const result = await new ConversationRelevancyMetric(judge).measure(conversationWith(2, []));
    expect(result).toMatchObject({ score: null, success: false });
    expect(result.error).toContain('ETIMEDOUT');
  });

  it('runs window calls one after another when asyncMode is false', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const judge = createScriptedJudge({
      'conversation_relevancy.relevance': async () => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 2));
        inFlight -= 1;
        return { verdict: 'yes', reason: 'ok' };
      },
    });
    await new ConversationRelevancyMetric(judge, { asyncMode: false, includeReason: false }).measure(conversationWith(4, []));
    expect(maxInFlight).toBe(1);
  });
});

describe('conversationRelevancyScore', () => {
  it('is the share of verdicts that are not "no", 1 with none', () => {
    expect(conversationRelevancyScore([])).toBe(1);
    expect(conversationRelevancyScore(['yes', 'no', 'yes', 'yes'])).toBe(0.75);
  });
});

describe('ConversationRelevancyMetric: loosely written verdicts', () => {
  const turns = [user('a'), assistant('1'), user('b'), assistant('2'), user('c'), assistant('3'), user('d'), assistant('4')];
  const loose = ['yes', 'No, this is off-topic.', 'maybe', 'Yes.'];

  it('reads a verdict by its leading yes/no and drops an unreadable one from the score with a warning', async () => {
    const judge = createScriptedJudge({
      'conversation_relevancy.relevance': (input) => ({ verdict: loose[Number(input.assistantMessage) - 1] as 'yes' | 'no', reason: `reply ${input.assistantMessage}` }),
    });
    const result = await new ConversationRelevancyMetric(judge, { includeReason: false }).measure({ turns });
    // deepeval (verdict_from_json + turn_relevancy._calculate_score): "maybe" is dropped, "No, …" is no → 2 / 3; ours used to error.
    expect(result.error).toBeNull();
    expect(result.score).toBeCloseTo(2 / 3);
    expect(result.verdicts.map((v) => [v.turn + 1, v.verdict])).toEqual([
      [2, 'yes'],
      [4, 'no'],
      [8, 'yes'],
    ]);
    expect(result.warnings).toEqual(["Turn 6: the judge's relevance verdict could not be read as yes or no; it is left out of the score."]);
  });

  it('keeps the other windows when the judge fails on one', async () => {
    const judge = createScriptedJudge({
      'conversation_relevancy.relevance': (input) => {
        if (input.assistantMessage === '3') throw new Error('HTTP 500');
        return { verdict: 'yes', reason: 'fine' };
      },
    });
    const result = await new ConversationRelevancyMetric(judge, { includeReason: false }).measure({ turns });
    expect(result).toMatchObject({ score: 1, error: null });
    expect(result.verdicts.map((v) => v.verdict)).toEqual(['yes', 'yes', 'error', 'yes']);
    expect(result.warnings[0]).toMatch(/^Turn 6: relevance was not judged \(Error: HTTP 500\)/);
  });

  it('refuses a conversation without turns (deepeval refuses it; ours used to pass it with 1)', async () => {
    const result = await new ConversationRelevancyMetric(createScriptedJudge({})).measure({ turns: [] });
    expect(result).toMatchObject({ score: null, success: false });
  });
});
