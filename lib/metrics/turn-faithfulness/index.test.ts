import { byItemNumber } from '../../judge/step-items';
import { describe, expect, it } from 'vitest';
import { createScriptedJudge, type ScriptedHandlers } from '../../judge/scripted-judge';
import type { StepInput } from '../../judge/steps';
import type { Conversation } from '../../domain/conversation';
import { createOfflineJudge } from '../../judge/offline';
import { assistant, contradictionOnTurn14, user } from '../testing/conversations';
import { turnFaithfulness } from './descriptor';
import { TurnFaithfulnessMetric } from './index';

const sentences = (text: string) => text.split(/(?<=\.)\s+/).map((s) => s.trim()).filter(Boolean);
const norm = (s: string) => s.toLowerCase().replace(/\.$/, '');

// Truths are the sentences of a document; a claim is supported when a truth says the same,
// contradicted when a truth says "<claim> is false", and unknown otherwise.
const handlers: ScriptedHandlers = {
  'turn_faithfulness.truths': (input) => ({ documents: byItemNumber(input.documents.map((d) => ({ truths: sentences(d) }))) }),
  'turn_faithfulness.claims': (input) => ({ claims: sentences(input.message).filter((s) => !s.endsWith('?')) }),
  'turn_faithfulness.verdicts': (input: StepInput<'turn_faithfulness.verdicts'>) => ({
    verdicts: byItemNumber(
      input.claims.map((claim) => {
        const truths = input.truths.map(norm);
        if (truths.includes(norm(claim))) return { verdict: 'yes' as const, reason: 'stated in the documents' };
        if (truths.includes(`${norm(claim)} is false`)) return { verdict: 'no' as const, reason: 'the documents say the opposite' };
        return { verdict: 'idk' as const, reason: 'not in the documents' };
      }),
    ),
  }),
  reason: (input) => ({ reason: `faithfulness ${input.score}` }),
};

const rag: Conversation = {
  turns: [
    user('Where is the Eiffel Tower?'),
    assistant('The Eiffel Tower is in Paris.', { retrievalContext: ['The Eiffel Tower is in Paris. It opened in 1889.'] }),
    user('When did it open?'),
    assistant('It opened in 1889.', { retrievalContext: ['The Eiffel Tower is in Paris. It opened in 1889.'] }),
    user('How tall is it?'),
    assistant('It is 500 metres tall. It is painted red.', {
      retrievalContext: ['It is 500 metres tall is false.', 'The Eiffel Tower is in Paris. It opened in 1889.'],
    }),
  ],
};

describe('TurnFaithfulnessMetric', () => {
  it('applies to turns whose retriever returned nothing and judges their claims against no truths ("idk", no call), as the reference does', async () => {
    const judge = createScriptedJudge(handlers);
    const empty: Conversation = { turns: [user('When do you open?'), assistant('We open at 9.', { retrievalContext: [] })] };
    expect(turnFaithfulness.applies(empty)).toBe(true);
    expect(turnFaithfulness.applies({ turns: [user('q'), assistant('a')] })).toBe(false);
    const result = await new TurnFaithfulnessMetric(judge, { includeReason: false }).measure(empty);
    expect(result).toMatchObject({ score: 1, error: null });
    expect(result.verdicts[0]).toMatchObject({ turn: 1, verdict: 'idk' });
    const windows = result.steps.windows as { claims: { verdict: string; reason: string }[] }[];
    expect(windows[0].claims[0]).toMatchObject({ verdict: 'idk', reason: expect.stringMatching(/the retriever returned nothing/i) });
    expect(judge.calls.map((c) => c.step)).toEqual(['turn_faithfulness.claims']);
    const penalised = await new TurnFaithfulnessMetric(createScriptedJudge(handlers), { includeReason: false, penalizeAmbiguousClaims: true }).measure(empty);
    expect(penalised.score).toBe(0);
  });

  it('extracts truths once per distinct document and claims once per assistant turn', async () => {
    const judge = createScriptedJudge(handlers);
    await new TurnFaithfulnessMetric(judge, { includeReason: false }).measure(rag);
    expect(judge.callsTo('turn_faithfulness.truths').map((c) => c.documents)).toEqual([
      ['The Eiffel Tower is in Paris. It opened in 1889.'],
      ['It is 500 metres tall is false.'],
    ]);
    expect(judge.callsTo('turn_faithfulness.claims').map((c) => c.message)).toEqual([
      'The Eiffel Tower is in Paris.',
      'It opened in 1889.',
      'It is 500 metres tall. It is painted red.',
    ]);
  });

  it('judges each window’s claims against the truths of that window’s documents', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new TurnFaithfulnessMetric(judge, { windowSize: 2, includeReason: false }).measure(rag);
    const verdictCalls = judge.callsTo('turn_faithfulness.verdicts');
    expect(verdictCalls.map((c) => c.claims)).toEqual([
      ['The Eiffel Tower is in Paris.'],
      ['The Eiffel Tower is in Paris.', 'It opened in 1889.'],
      ['It opened in 1889.', 'It is 500 metres tall.', 'It is painted red.'],
    ]);
    expect(verdictCalls[2].truths).toEqual(['The Eiffel Tower is in Paris.', 'It opened in 1889.', 'It is 500 metres tall is false.']);
    // Windows 1 and 2 are fully supported; window 3 has yes, no, idk → (2 not-"no") / 3.
    const windows = result.steps.windows as { turn: number; score: number }[];
    expect(windows.map((w) => [w.turn, w.score])).toEqual([
      [1, 1],
      [3, 1],
      [5, 2 / 3],
    ]);
    expect(result.score).toBeCloseTo((1 + 1 + 2 / 3) / 3);
    // Each turn is judged on its own claims: turn 6 (index 5) has one contradicted of two.
    expect(result.verdicts.map((v) => [v.turn, v.verdict, v.score])).toEqual([
      [1, 'yes', 1],
      [3, 'yes', 1],
      [5, 'no', 0.5],
    ]);
    expect(result.verdicts[2].reason).toBe('"It is 500 metres tall.": the documents say the opposite');
    expect(result.verdicts[0].reason).toBe('All 1 claims of this turn are supported by the retrieved documents.');
  });

  it('subtracts unsupported claims only when ambiguous claims are penalised', async () => {
    const lenient = await new TurnFaithfulnessMetric(createScriptedJudge(handlers), { windowSize: 1, includeReason: false }).measure(rag);
    const strictIdk = await new TurnFaithfulnessMetric(createScriptedJudge(handlers), {
      windowSize: 1,
      includeReason: false,
      penalizeAmbiguousClaims: true,
    }).measure(rag);
    // Last window alone: "500 metres tall" is contradicted, "painted red" is unsupported.
    expect(lenient.verdicts[2].score).toBe(0.5);
    expect(strictIdk.verdicts[2].score).toBe(0);
    expect(lenient.score).toBeCloseTo(2.5 / 3);
    expect(strictIdk.score).toBeCloseTo(2 / 3);
  });

  it('in strict mode scores each window below 1 as 0 and never binarises the mean', async () => {
    const result = await new TurnFaithfulnessMetric(createScriptedJudge(handlers), { windowSize: 1, strictMode: true, includeReason: false }).measure(rag);
    expect((result.steps.windows as { score: number }[]).map((w) => w.score)).toEqual([1, 1, 0]);
    expect(result.verdicts.map((v) => v.score)).toEqual([1, 1, 0]);
    // deepeval (turn_faithfulness.py: each window 0 in strict mode, _calculate_score the plain mean): 2/3; ours used to give 0.
    expect(result.score).toBeCloseTo(2 / 3);
    expect(result).toMatchObject({ success: false, threshold: 1 });
  });

  it('in strict mode gives windows 0, 1, 0, 1 the mean 0.5, as the reference does', async () => {
    const bad = (n: number) => assistant(`Fact ${n}.`, { retrievalContext: [`Fact ${n} is false.`] });
    const good = (n: number) => assistant(`Fact ${n}.`, { retrievalContext: [`Fact ${n}.`] });
    const result = await new TurnFaithfulnessMetric(createScriptedJudge(handlers), { windowSize: 1, strictMode: true, includeReason: false }).measure({
      turns: [user('a'), bad(1), user('b'), good(2), user('c'), bad(3), user('d'), good(4)],
    });
    // deepeval: 0.5; ours before: 0.
    expect(result.score).toBe(0.5);
  });

  it('scores a window without claims 1 and makes no verdict call for it', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new TurnFaithfulnessMetric(judge, { includeReason: false }).measure({
      turns: [user('Hi'), assistant('How can I help?', { retrievalContext: ['Opening hours are 9 to 5.'] })],
    });
    expect(result.score).toBe(1);
    expect(result.verdicts).toEqual([{ turn: 1, verdict: 'yes', score: 1, reason: 'This turn makes no factual claim.' }]);
    expect(judge.callsTo('turn_faithfulness.verdicts')).toHaveLength(0);
  });

  it('scores 1 with no windows and makes no call at all', async () => {
    const judge = createScriptedJudge({});
    const result = await new TurnFaithfulnessMetric(judge).measure({ turns: [user('Anyone there?')] });
    expect(result).toMatchObject({ score: 1, success: true, error: null, verdicts: [] });
    expect(judge.calls).toHaveLength(0);
  });

  it('never sends the same verdict request twice', async () => {
    const judge = createScriptedJudge(handlers);
    // The second exchange adds no claim and no document, so both windows ask the same question.
    const result = await new TurnFaithfulnessMetric(judge, { includeReason: false }).measure({
      turns: [
        user('Where is it?'),
        assistant('The Eiffel Tower is in Paris.', { retrievalContext: ['The Eiffel Tower is in Paris.'] }),
        user('Thanks!'),
        assistant('Anything else?'),
      ],
    });
    expect(judge.callsTo('turn_faithfulness.verdicts')).toHaveLength(1);
    expect(result.verdicts.map((v) => [v.turn, v.score])).toEqual([
      [1, 1],
      [3, 1],
    ]);
    const requests = judge.calls.map((c) => JSON.stringify(c));
    expect(new Set(requests).size).toBe(requests.length);
  });

  it('marks claims "idk" without a call when the window retrieved nothing', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new TurnFaithfulnessMetric(judge, { includeReason: false, penalizeAmbiguousClaims: true }).measure({
      turns: [user('Where is it?'), assistant('The Eiffel Tower is in Paris.')],
    });
    expect(judge.callsTo('turn_faithfulness.verdicts')).toHaveLength(0);
    expect(result.verdicts).toMatchObject([{ turn: 1, verdict: 'no', score: 0 }]);
  });

  it('passes the truths extraction limit and keeps no more truths than it allows', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new TurnFaithfulnessMetric(judge, { truthsExtractionLimit: 1, includeReason: false }).measure(rag);
    expect(judge.callsTo('turn_faithfulness.truths').every((c) => c.limit === 1)).toBe(true);
    const truths = result.steps.truths as { documents: { truths: string[] }[] }[];
    expect(truths.flatMap((t) => t.documents).every((d) => d.truths.length <= 1)).toBe(true);
  });

  it('errors when the judge returns truths for the wrong number of documents', async () => {
    const judge = createScriptedJudge({ ...handlers, 'turn_faithfulness.truths': () => ({ documents: {} }) });
    const result = await new TurnFaithfulnessMetric(judge).measure(rag);
    expect(result).toMatchObject({ score: null, success: false });
    expect(result.error).toMatch(/"documents",\s+"1"/);
  });

  it('keeps each claim with its verdict in the window steps', async () => {
    const result = await new TurnFaithfulnessMetric(createScriptedJudge(handlers), { windowSize: 1 }).measure(rag);
    const windows = result.steps.windows as { turn: number; claims: { claim: string; verdict: string }[] }[];
    expect(windows[2].claims.map((c) => c.verdict)).toEqual(['no', 'idk']);
    expect(result.reason).toBe(`faithfulness ${result.score}`);
  });
});

describe('TurnFaithfulnessMetric per-turn verdicts', () => {
  const conversation = contradictionOnTurn14();
  // A claim is contradicted by a truth about the same subject (same first two words) that says otherwise.
  const subjectOf = (s: string) => norm(s).split(' ').slice(0, 2).join(' ');
  const museum: ScriptedHandlers = {
    ...handlers,
    'turn_faithfulness.verdicts': (input: StepInput<'turn_faithfulness.verdicts'>) => ({
      verdicts: byItemNumber(
        input.claims.map((claim) => {
          const truths = input.truths.map(norm);
          if (truths.includes(norm(claim))) return { verdict: 'yes' as const, reason: 'stated in the documents' };
          if (truths.some((t) => subjectOf(t) === subjectOf(claim))) return { verdict: 'no' as const, reason: 'the documents say otherwise' };
          return { verdict: 'idk' as const, reason: 'not in the documents' };
        }),
      ),
    }),
  };

  it.each([1, 3, 10])('marks only turn 14 "no" at window size %i, though its window score stays in later windows', async (windowSize) => {
    const result = await new TurnFaithfulnessMetric(createScriptedJudge(museum), { windowSize, includeReason: false }).measure(conversation);
    expect(result.verdicts.filter((v) => v.verdict === 'no').map((v) => v.turn + 1)).toEqual([14]);
    expect(result.verdicts).toHaveLength(10);
    expect(result.verdicts.find((v) => v.turn === 13)).toMatchObject({ score: 0, reason: expect.stringContaining('"Children under 16 enter for free."') });
    // The score stays the reference's mean of window scores: windows holding turn 14's claim score below 1.
    const windows = result.steps.windows as { turn: number; score: number }[];
    const below = windows.filter((w) => w.score < 1).map((w) => w.turn + 1);
    expect(below).toEqual([14, 16, 18, 20].slice(0, Math.min(windowSize, 4)));
    expect(result.score).toBeCloseTo(windows.reduce((s, w) => s + w.score, 0) / windows.length);
  });

  it.each([1, 3, 10])('marks only turn 14 "no" with the offline judge at window size %i', async (windowSize) => {
    const result = await new TurnFaithfulnessMetric(createOfflineJudge(), { windowSize, includeReason: false }).measure(conversation);
    expect(result.verdicts.filter((v) => v.verdict !== 'yes').map((v) => [v.turn + 1, v.verdict])).toEqual([[14, 'no']]);
  });

  it('caps the truths of a window at the first N in document order, each document extracted once', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new TurnFaithfulnessMetric(judge, { windowSize: 2, truthsExtractionLimit: 2, includeReason: false }).measure({
      turns: [
        user('a'),
        assistant('One.', { retrievalContext: ['One. Two. Three.'] }),
        user('b'),
        assistant('Four.', { retrievalContext: ['Four. Five.'] }),
      ],
    });
    // deepeval extracts limit truths from the window's joined context: the window of turns 2 and 4 has 2, not 2 per document (4).
    const windows = result.steps.windows as { truths: string[] }[];
    expect(windows.map((w) => w.truths)).toEqual([['One.', 'Two.'], ['One.', 'Two.']]);
    expect(judge.callsTo('turn_faithfulness.truths')).toHaveLength(2);
  });

  it('keeps the judged windows when the judge fails on one, marking that turn as errored', async () => {
    const judge = createScriptedJudge({
      ...handlers,
      'turn_faithfulness.claims': (input) => {
        if (input.message.startsWith('It opened')) throw new Error('judge reply cut short');
        return { claims: sentences(input.message) };
      },
    });
    const result = await new TurnFaithfulnessMetric(judge, { windowSize: 1, includeReason: false }).measure(rag);
    expect(result.error).toBeNull();
    expect(result.verdicts.map((v) => [v.turn, v.verdict])).toEqual([
      [1, 'yes'],
      [3, 'error'],
      [5, 'no'],
    ]);
    expect(result.verdicts[1].reason).toMatch(/cut short/);
    // Score over the judged windows only: (1 + 0.5) / 2.
    expect(result.score).toBeCloseTo(0.75);
    expect(result.warnings).toEqual([expect.stringMatching(/^Turn 4: .*cut short.*left out of the score/)]);
  });

  it('errors when every window failed', async () => {
    const judge = createScriptedJudge({
      ...handlers,
      'turn_faithfulness.claims': () => {
        throw new Error('judge down');
      },
    });
    const result = await new TurnFaithfulnessMetric(judge, { includeReason: false }).measure(rag);
    expect(result).toMatchObject({ score: null, success: false });
    expect(result.error).toMatch(/judge down/);
  });

  it('refuses a conversation without turns: an error result, never a pass', async () => {
    const result = await new TurnFaithfulnessMetric(createScriptedJudge({})).measure({ turns: [] });
    expect(result).toMatchObject({ score: null, success: false, error: expect.stringMatching(/no turns/) });
  });
});
