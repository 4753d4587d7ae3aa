import { describe, expect, it } from 'vitest';
import { createScriptedJudge, type ScriptedHandlers } from '../../judge/scripted-judge';
import type { StepInput } from '../../judge/steps';
import type { Conversation } from '../types';
import { assistant, user } from '../testing/conversations';
import { TurnFaithfulnessMetric } from './index';

const sentences = (text: string) => text.split(/(?<=\.)\s+/).map((s) => s.trim()).filter(Boolean);
const norm = (s: string) => s.toLowerCase().replace(/\.$/, '');

// Truths are the sentences of a document; a claim is supported when a truth says the same,
// contradicted when a truth says "<claim> is false", and unknown otherwise.
const handlers: ScriptedHandlers = {
  'turn_faithfulness.truths': (input) => ({ documents: input.documents.map((d, index) => ({ index, truths: sentences(d) })) }),
  'turn_faithfulness.claims': (input) => ({ claims: sentences(input.message).filter((s) => !s.endsWith('?')) }),
  'turn_faithfulness.verdicts': (input: StepInput<'turn_faithfulness.verdicts'>) => ({
    verdicts: input.claims.map((claim, index) => {
      const truths = input.truths.map(norm);
      if (truths.includes(norm(claim))) return { index, verdict: 'yes' as const, reason: 'stated in the documents' };
      if (truths.includes(`${norm(claim)} is false`)) return { index, verdict: 'no' as const, reason: 'the documents say the opposite' };
      return { index, verdict: 'idk' as const, reason: 'not in the documents' };
    }),
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
    expect(result.verdicts.map((v) => [v.turn, v.verdict, v.score])).toEqual([
      [1, 'yes', 1],
      [3, 'yes', 1],
      [5, 'no', 2 / 3],
    ]);
    expect(result.score).toBeCloseTo((1 + 1 + 2 / 3) / 3);
    expect(result.verdicts[2].reason).toContain('"It is 500 metres tall.": the documents say the opposite');
    expect(result.verdicts[0].reason).toBe('All 1 claims supported by the retrieved documents.');
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

  it('in strict mode scores each window below 1 as 0 before taking the mean', async () => {
    const result = await new TurnFaithfulnessMetric(createScriptedJudge(handlers), { windowSize: 1, strictMode: true, includeReason: false }).measure(rag);
    expect(result.verdicts.map((v) => v.score)).toEqual([1, 1, 0]);
    expect(result).toMatchObject({ score: 0, success: false, threshold: 1 });
  });

  it('scores a window without claims 1 and makes no verdict call for it', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new TurnFaithfulnessMetric(judge, { includeReason: false }).measure({
      turns: [user('Hi'), assistant('How can I help?', { retrievalContext: ['Opening hours are 9 to 5.'] })],
    });
    expect(result.score).toBe(1);
    expect(result.verdicts).toEqual([{ turn: 1, verdict: 'yes', score: 1, reason: 'No factual claims in this window.' }]);
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
    expect(result.verdicts).toMatchObject([{ turn: 1, verdict: 'idk', score: 0 }]);
  });

  it('passes the truths extraction limit and keeps no more truths than it allows', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new TurnFaithfulnessMetric(judge, { truthsExtractionLimit: 1, includeReason: false }).measure(rag);
    expect(judge.callsTo('turn_faithfulness.truths').every((c) => c.limit === 1)).toBe(true);
    const truths = result.steps.truths as { documents: { truths: string[] }[] }[];
    expect(truths.flatMap((t) => t.documents).every((d) => d.truths.length <= 1)).toBe(true);
  });

  it('errors when the judge returns truths for the wrong number of documents', async () => {
    const judge = createScriptedJudge({ ...handlers, 'turn_faithfulness.truths': () => ({ documents: [] }) });
    const result = await new TurnFaithfulnessMetric(judge).measure(rag);
    expect(result).toMatchObject({ score: null, success: false });
    expect(result.error).toMatch(/one per document/);
  });

  it('keeps each claim with its verdict in the window steps', async () => {
    const result = await new TurnFaithfulnessMetric(createScriptedJudge(handlers), { windowSize: 1 }).measure(rag);
    const windows = result.steps.windows as { turn: number; claims: { claim: string; verdict: string }[] }[];
    expect(windows[2].claims.map((c) => c.verdict)).toEqual(['no', 'idk']);
    expect(result.reason).toBe(`faithfulness ${result.score}`);
  });
});
