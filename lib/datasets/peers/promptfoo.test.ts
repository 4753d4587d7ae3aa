import { describe, expect, it } from 'vitest';
import { peerFixture } from '../../../tests/fixtures/peers/peer-fixture';
import { readInPieces as readPeerFile } from '../read-in-pieces';

/*
 * promptfoo's output, as `promptfoo eval -o results.json|results.jsonl` writes it. The fixtures
 * (tests/fixtures/peers/promptfoo/) follow promptfoo's published types field for field:
 * OutputFile, EvaluateSummaryV3, EvaluateResult, GradingResult (promptfoo/promptfoo
 * src/types/index.ts), the key order of EvalResult.toEvaluateResult (src/models/evalResult.ts)
 * and of createOutputData (src/util/output.ts: JSON.stringify(output, null, 2); JSONL one result
 * per line), `_conversation` steps keyed by test metadata.conversationId (src/evaluator.ts,
 * createRunEvalState) and the simulated user's response.metadata.messages (src/providers/simulatedUser.ts).
 */

const json = () => readPeerFile(peerFixture('promptfoo', 'results.json'), 'results.json');

describe('promptfoo results', () => {
  it('reads results.json as it streams: each test a conversation, the steps of a conversationId one conversation in the order of their tests', () => {
    const r = json();
    expect(r.format).toBe('promptfoo-json');
    expect(r.errors).toEqual([]);
    expect(r.conversations.map((c) => c.externalId)).toEqual(['8e0b1d47-5c2a-4f9e-b3d6-1a2c4e6f8b0d', 'f3b7a9c1-0d2e-4b6f-a8c3-5e7d9b1f2a46', 'refund-1']);
    const [shipping, errored, refund] = r.conversations;
    // A chat-formatted prompt: its system message is the chatbot's role, its last message the question.
    expect(shipping.chatbotRole).toBe("You are Acme's support assistant. Answer from the help centre only.");
    expect(shipping.name).toBe('Shipping: express');
    expect(shipping.turns).toEqual([
      { role: 'user', content: 'When will my express order arrive?' },
      {
        role: 'assistant',
        content: 'Express orders ship within 2 business days and then arrive the next business day.',
        // The test's context var (what promptfoo's context-* assertions read) is the reply's retrieval context.
        retrievalContext: ['Orders ship within 2 business days. Express shipping arrives the next business day.'],
        metadata: { promptfooResultId: '8e0b1d47-5c2a-4f9e-b3d6-1a2c4e6f8b0d', latencyMs: 812, cost: 0.00042, tokenUsage: { total: 470, prompt: 412, completion: 58, cached: 0, numRequests: 1 }, finishReason: 'stop', cached: false },
      },
    ]);
    expect(shipping.metadata).toMatchObject({ source: 'promptfoo', provider: { id: 'openai:gpt-4.1-mini', label: 'support-bot' }, promptIdx: 0, testIdx: 2, vars: { question: 'When will my express order arrive?' } });
    // The steps were written step 2 first (promptfoo writes results as they finish): they are put back in order.
    expect(refund.turns.map((t) => [t.role, t.content.slice(0, 30)])).toEqual([
      ['user', 'I was charged twice for order '],
      ['assistant', "I'm sorry about that. Duplicat"],
      ['user', 'It has been a week already. Wh'],
      ['assistant', 'Then please reply with the las'],
    ]);
    // Its steps' descriptions differ: the conversation is known by its conversationId.
    expect(refund.name).toBeUndefined();
    expect(refund.metadata).toMatchObject({ conversationId: 'refund-1', steps: ['5a9d2c10-7e4b-4c3f-8a1d-2b6e9f0c3d57', '2c1f6e52-3a7b-4d1e-9f0a-7b5c2d8e1a03'] });
    // A test that errored keeps its question, an empty reply and the error.
    expect(errored.turns[1]).toEqual({ role: 'assistant', content: '', metadata: expect.objectContaining({ error: 'API error: 429 Too Many Requests' }) });
    expect(r.problems).toEqual([expect.objectContaining({ severity: 'warning', field: 'response.output', message: 'empty content (kept as it is)', line: 404 })]);
  });

  it('brings each assertion as its own score on the reply it graded, the aggregate as "overall", and conversation-relevance as conversation_relevancy', () => {
    const r = json();
    const byPosition = new Map(r.scored.map((s) => [s.position, s.scores]));
    expect(byPosition.get(0)).toEqual([
      { tool: 'promptfoo', name: 'context-faithfulness', kind: 'numeric', value: 0.9, pass: true, threshold: 0.8, reason: '9 of 10 claims are supported by the context.', turn: 1 },
      { tool: 'promptfoo', name: 'contains', kind: 'numeric', value: 1, pass: true, reason: 'Assertion passed', turn: 1 },
      { tool: 'promptfoo', name: 'overall', kind: 'numeric', value: 0.95, pass: true, reason: 'All assertions passed', turn: 1 },
    ]);
    // Errored before grading: one errored score, no invented pass or fail.
    expect(byPosition.get(1)).toEqual([{ tool: 'promptfoo', name: 'overall', kind: 'numeric', value: null, pass: false, error: 'API error: 429 Too Many Requests', turn: 1 }]);
    const refund = byPosition.get(2)!;
    expect(refund.map((s) => [s.sameAs ?? s.name, s.turn, s.value, s.pass])).toEqual([
      ['llm-rubric', 1, 1, true],
      ['conversation_relevancy', 1, 1, true],
      ['overall', 1, 1, true],
      ['llm-rubric', 3, 0, false],
      ['conversation_relevancy', 3, 1, true],
      ['overall', 3, 0.5, false],
    ]);
    expect(refund[1]).toMatchObject({ name: 'conversation-relevance', sameAs: 'conversation_relevancy', threshold: 0.7, settings: { windowSize: 3 } });
    expect(refund[3].reason).toBe('It asks for card digits but gives no timeline for the ticket.');
    const onTurns = (name: string, n: number) => ({ tool: 'promptfoo', name, onTurns: n, onConversations: 0 });
    expect(r.scoreSummary).toEqual({
      conversations: 3,
      scores: 10,
      names: [onTurns('context-faithfulness', 1), onTurns('contains', 1), onTurns('overall', 4), onTurns('llm-rubric', 2), onTurns('conversation_relevancy', 2)],
    });
    // What promptfoo's results cannot carry is said once.
    expect(r.notes).toEqual(expect.arrayContaining(['promptfoo records no time for a turn: the turns have no timestamps.']));
  });

  it('reads the JSONL output (one result per line) into the same conversations and scores', () => {
    const whole = json();
    const lines = readPeerFile(peerFixture('promptfoo', 'results.jsonl'), 'results.jsonl');
    expect(lines.format).toBe('promptfoo-jsonl');
    expect(lines.errors).toEqual([]);
    expect(lines.conversations).toEqual(whole.conversations);
    expect(lines.scored).toEqual(whole.scored);
  });

  it('reads a simulated-user result as the whole conversation it carries, graded as a whole', () => {
    const r = readPeerFile(peerFixture('promptfoo', 'simulated-user.json'), 'results.json');
    expect(r.errors).toEqual([]);
    const [travel] = r.conversations;
    expect(travel.turns).toHaveLength(6);
    expect(travel.turns[0]).toEqual({ role: 'user', content: 'Hi, I need a flight from Lisbon to Berlin.' });
    expect(travel.turns[5]).toMatchObject({ role: 'assistant', content: 'Booked. Your confirmation code is K7Q2PX.', metadata: { latencyMs: 9214 } });
    // The agent's prompt is the chatbot's role; the simulated user's instructions describe the user.
    expect(travel.chatbotRole).toBe("You are Acme's travel agent. Book flights only after the traveller confirms the dates.");
    expect(travel.userDescription).toContain('return flight Lisbon–Berlin');
    expect(r.scored).toEqual([{ position: 0, scores: [expect.objectContaining({ name: 'llm-rubric', value: 1, pass: true })] }]);
    expect(r.scored[0].scores[0].turn).toBeUndefined();
  });

  it('refuses a broken result with its line and field, and reads the others (the forgiving path)', () => {
    const lines = peerFixture('promptfoo', 'results.jsonl').trimEnd().split('\n');
    const broken = JSON.parse(lines[0]);
    broken.gradingResult.componentResults[0].pass = 'yes';
    const noPrompt = JSON.parse(lines[1]);
    delete noPrompt.prompt.raw;
    const r = readPeerFile([JSON.stringify(broken), JSON.stringify(noPrompt), lines[2], lines[3]].join('\n'), 'results.jsonl');
    expect(r.errors).toEqual([
      expect.objectContaining({ line: 1, field: 'gradingResult.componentResults[0].pass', message: 'expected true or false, found a string' }),
      expect.objectContaining({ line: 2, field: 'prompt.raw', message: expect.stringContaining('expected the prompt promptfoo rendered') }),
    ]);
    // The step of refund-1 whose grading is broken leaves its conversation out, its other step noted; the valid result is read.
    expect(r.conversations.map((c) => c.externalId)).toEqual(['f3b7a9c1-0d2e-4b6f-a8c3-5e7d9b1f2a46']);
    expect(r.leftOut).toEqual([{ line: 3, field: '', message: 'left out with conversation refund-1: one of its steps has an error' }]);
  });

  it('names the line of a broken result inside results.json', () => {
    const text = peerFixture('promptfoo', 'results.json').replace('"testIdx": 2,', '"testIdx": "two",');
    const r = readPeerFile(text, 'results.json');
    const line = text.split('\n').findIndex((l) => l.includes('"testIdx": "two"')) + 1;
    expect(r.errors).toEqual([expect.objectContaining({ line, field: 'testIdx', message: "expected promptfoo's testIdx (a whole number from 0), found a string" })]);
  });
});
