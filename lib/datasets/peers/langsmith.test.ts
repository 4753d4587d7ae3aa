import { describe, expect, it } from 'vitest';
import { peerFixture } from '../../../tests/fixtures/peers/peer-fixture';
import { readInPieces as readPeerFile } from '../read-in-pieces';

/*
 * LangSmith's records as its SDK serialises them (langchain-ai/langsmith-sdk python/langsmith/schemas.py:
 * RunBase and Run in field order, FeedbackStats of _openapi_client/types/run.py; Example; the
 * chat dataset of client.create_chat_example, inputs.input / outputs.output in LangChain's stored
 * form of utils.convert_langchain_message). Threads are root runs sharing session_id, thread_id or
 * conversation_id in their metadata (LangSmith's threads guide); Run.session_id is the tracing project.
 */

describe('LangSmith runs', () => {
  it('puts a thread’s root runs together in order of start, with their retriever documents and their feedback on each reply', () => {
    const r = readPeerFile(peerFixture('langsmith', 'runs.jsonl'), 'runs.jsonl');
    expect(r.format).toBe('langsmith-jsonl');
    expect(r.errors).toEqual([]);
    const [thread, norway] = r.conversations;
    // The thread is the metadata's session_id, never the run's top-level session_id (the project).
    expect(thread.externalId).toBe('0193a5c2-7e41-7b3a-9c5d-2f8e6a1b4c70');
    expect(thread.metadata).toMatchObject({ source: 'langsmith', thread: '0193a5c2-7e41-7b3a-9c5d-2f8e6a1b4c70', user_tier: 'gold', revision_id: 'v2.3.1' });
    // The second run repeats the history it was sent: only what it adds is a new turn.
    expect(thread.turns.map((t) => [t.role, t.content.slice(0, 25)])).toEqual([
      ['user', "Hi! I'm Bob. My parcel 77"],
      ['assistant', 'Sorry to hear that, Bob. '],
      ['user', 'Please do. How long will '],
      ['assistant', 'Claim opened. Claims are '],
    ]);
    expect(thread.turns[1].retrievalContext).toEqual(['Missing parcels: if a parcel shows as delivered but has not arrived, a claim can be opened after 48 hours.']);
    expect(thread.turns[3].retrievalContext).toEqual(['Claims are resolved within 5 business days; the customer is emailed at each step.']);
    // Ids and times stay with the turn.
    expect(thread.turns[3].metadata).toMatchObject({
      runId: '2a1b0c9d-8e7f-4a6b-9c5d-4e3f2a1b0c20',
      traceId: '2a1b0c9d-8e7f-4a6b-9c5d-4e3f2a1b0c20',
      startTime: '2026-11-27T09:15:40.010000',
      endTime: '2026-11-27T09:15:41.930000',
      totalTokens: 440,
      feedbackLabels: { user_rating: { thumbs_down: 1 } },
    });
    // A chat model run traced alone: LangChain's serialised messages, its generation the reply.
    expect(norway).toMatchObject({ externalId: 't-norway', chatbotRole: "You are Acme's support assistant." });
    expect(norway.turns.map((t) => t.content)).toEqual(['Do you ship to Norway?', 'Yes, we ship to Norway; delivery takes 4 to 6 business days.']);

    expect(r.scored).toEqual([
      {
        position: 0,
        scores: [
          // LangSmith decides no pass: Turnwise reads one when it stores them (lib/imports/scores).
          { tool: 'LangSmith', name: 'correctness', kind: 'numeric', value: 1, reason: 'Right policy and offers the claim.', turn: 1 },
          { tool: 'LangSmith', name: 'correctness', kind: 'numeric', value: 0, reason: 'The help centre says claims take 3 business days.', turn: 3 },
        ],
      },
    ]);
    expect(r.notes).toEqual(expect.arrayContaining([expect.stringContaining('LangSmith feedback has no pass mark: a score of 0.5 or more counts as a pass')]));
  });

  it('refuses a run whose inputs hold no message, or whose feedback does not read, naming the line and field', () => {
    const lines = peerFixture('langsmith', 'runs.jsonl').trimEnd().split('\n');
    const noMessage = JSON.parse(lines[0]);
    noMessage.inputs = { temperature: 0.2, top_p: 1 };
    const badFeedback = JSON.parse(lines[5]);
    badFeedback.feedback_stats = { correctness: 0.5 };
    const r = readPeerFile([JSON.stringify(noMessage), ...lines.slice(1, 5), JSON.stringify(badFeedback)].join('\n'), 'runs.jsonl');
    expect(r.errors).toEqual([
      expect.objectContaining({ line: 1, field: 'inputs', message: expect.stringContaining('no chat message found') }),
      expect.objectContaining({ line: 6, field: 'feedback_stats.correctness', message: expect.stringContaining("expected the feedback's statistics") }),
    ]);
    // A thread with a broken run is left out whole (it would read as another conversation), its other runs noted.
    expect(r.conversations).toEqual([]);
    expect(r.leftOut).toEqual([expect.objectContaining({ line: 3, message: expect.stringContaining('left out with its thread 0193a5c2-7e41-7b3a-9c5d-2f8e6a1b4c70: the run at line 1 has an error') })]);
  });
});

describe('LangSmith dataset examples', () => {
  it('reads a chat dataset’s examples (LangChain’s stored messages) and a kv dataset’s (OpenAI messages) as one conversation each', () => {
    const r = readPeerFile(peerFixture('langsmith', 'examples.jsonl'), 'examples.jsonl');
    expect(r.format).toBe('langsmith-jsonl');
    expect(r.errors).toEqual([]);
    const [gift, refund] = r.conversations;
    expect(gift).toMatchObject({
      externalId: '6c5d4e3f-2a1b-4c0d-9e8f-7a6b5c4d3e21',
      chatbotRole: "You are Acme's support assistant.",
      turns: [
        { role: 'user', content: 'Can I return a gift without a receipt?' },
        { role: 'assistant', content: 'Yes: gifts can be returned within 60 days for store credit, no receipt needed.' },
      ],
    });
    expect(refund.turns.map((t) => t.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(refund.metadata).toMatchObject({ source: 'langsmith', sourceRunId: '1f0e2d3c-4b5a-4697-8a7b-6c5d4e3f2a10', topic: 'refunds' });
    expect(r.scored).toEqual([]);
  });
});
