import { describe, expect, it } from 'vitest';
import { ConversationRelevancyMetric } from '@/lib/metrics/conversation-relevancy';
import { KnowledgeRetentionMetric } from '@/lib/metrics/knowledge-retention';
import { TurnFaithfulnessMetric } from '@/lib/metrics/turn-faithfulness';
import type { Conversation } from '@/lib/domain/conversation';
import { createOfflineJudge } from '@/lib/judge/offline';
import { STOPWORDS } from '@/lib/judge/offline/text/lexicon';

/** A chat about a film, the kind of conversation users break bots with. */
const chat = (reply: string): Conversation => ({
  turns: [
    { role: 'user', content: 'Have you seen Iron Man? I really enjoy superhero movies.' },
    { role: 'assistant', content: 'Yes! Robert Downey Jr. was great as Tony Stark.' },
    { role: 'user', content: 'I loved the suit scenes in the Malibu workshop, they were so well done.' },
    { role: 'assistant', content: reply },
  ],
});
const verdictAt = async (metric: { measure: (c: Conversation) => Promise<{ verdicts: { turn: number; verdict: string; reason: string }[] }> }, c: Conversation, turn: number) =>
  (await metric.measure(c)).verdicts.find((v) => v.turn === turn);

describe('the failures users break bots with, judged offline', () => {
  const retention = new KnowledgeRetentionMetric(createOfflineJudge());
  const relevancy = new ConversationRelevancyMetric(createOfflineJudge());

  it('a reply that asks the user to remind it of what was said is attrition', async () => {
    for (const reply of ['Sorry, what were we talking about again? Can you remind me what you just said?', 'Could you repeat that?', 'I forgot what you told me, sorry.']) {
      const v = await verdictAt(retention, chat(reply), 3);
      expect(v?.verdict, reply).toBe('no');
      expect(v?.reason).toMatch(/repeat what was already said/);
    }
  });

  it('a reply that takes the conversation up is not attrition', async () => {
    const v = await verdictAt(retention, chat('The workshop scenes were filmed on a sound stage.'), 3);
    expect(v?.verdict).toBe('yes');
  });

  it('a reply that changes the subject with no link to the user\'s message is irrelevant, and its reason names content words', async () => {
    for (const reply of ['My favourite colour is green and I enjoy gardening.', 'The weather in Seattle is rainy most of the year.']) {
      const v = await verdictAt(relevancy, chat(reply), 3);
      expect(v?.verdict, reply).toBe('no');
      const listed = v!.reason.match(/about ([^:]+?), but/)![1].split(', ');
      for (const w of listed) expect(STOPWORDS.has(w.toLowerCase()), w).toBe(false);
    }
  });

  it('a reply that takes up the user\'s words is relevant', async () => {
    expect((await verdictAt(relevancy, chat('Yes, the suits were built by Stan Winston Studios.'), 3))?.verdict).toBe('yes');
  });

  it('a short follow-up that asks for the missing part of an answer is relevant ("What about the year?")', async () => {
    const c: Conversation = {
      turns: [
        { role: 'user', content: 'I need to open an account.' },
        { role: 'assistant', content: 'Sure. Could you tell me your date of birth?' },
        { role: 'user', content: "It's July 9th." },
        { role: 'assistant', content: 'What about the year?' },
      ],
    };
    const v = await verdictAt(relevancy, c, 3);
    expect(v?.verdict).toBe('yes');
  });

  it('a contradicted fact fails its own claim alone; claims the context does not cover are idk', async () => {
    const doc = 'Iron Man is a 2008 superhero film directed by Jon Favreau. Robert Downey Jr. stars as Tony Stark. The film was released in May 2008.';
    const turns: Conversation['turns'] = [];
    const replies = ['Iron Man came out in 2008.', 'Jon Favreau directed it.', 'It was released in 2010.', 'I watched it with my brother.', 'Robert Downey Jr. plays Tony Stark.'];
    replies.forEach((r, i) => turns.push({ role: 'user', content: `Tell me something about it (${i + 1}).` }, { role: 'assistant', content: r, retrievalContext: [doc] }));
    const result = await new TurnFaithfulnessMetric(createOfflineJudge(), { windowSize: 1 }).measure({ turns });
    expect(result.verdicts.map((v) => v.verdict)).toEqual(['yes', 'yes', 'no', 'idk', 'yes']);
    expect(result.verdicts[2].reason).toMatch(/2010/);
    expect(result.verdicts.filter((v) => v.verdict === 'no').map((v) => v.turn)).toEqual([5]);
  });
});
