import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { PEER_FIXTURES as PEERS } from '../../../tests/fixtures/peers/peer-fixture';
import type { Conversation } from '../../domain';
import type { ImportedScore } from '../imported-scores';
import { readInPieces } from '../read-in-pieces';
import { formatProblem } from '../problems';
import { createStreamingParser, type StreamingOptions } from '../streaming-parser';

/*
 * The fixtures follow the peers' published types field for field:
 * - Langfuse (langfuse/langfuse): the session page's download,
 *   web/src/components/session/actions/downloadSessionAsJson.ts over sessions.byIdWithScores
 *   (web/src/server/api/routers/sessions.ts) and ScoreDomain (packages/shared/src/domain/scores.ts);
 *   the events table's blob export (packages/shared/src/server/repositories/events.ts,
 *   queries/clickhouse-sql/event-query-builder.ts field sets) and the scores blob export
 *   (repositories/scores.ts); the v2 observations API (web/src/features/public-api/types/observations.ts,
 *   APIObservationV2); GET /api/public/sessions/{id} (types/sessions.ts, APITrace in types/traces.ts);
 *   dataset items (types/datasets.ts, APIDatasetItem).
 * - Opik (comet-ml/opik): sdks/python/src/opik/cli/exports/project.py (trace_<id>.json =
 *   {trace, spans, attachments, downloaded_at, project_name}), rest_api/types/trace_public.py,
 *   span_public.py, feedback_score_public.py; exports/experiment.py with
 *   exports/utils.py (create_experiment_data_structure, serialize_experiment_item); exports/dataset.py.
 */

const at = (...parts: string[]) => path.join(PEERS, ...parts);

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? filesUnder(full) : [full];
    });
}

/** Reads files as a folder import does: one after another, in small chunks, into one parser. */
const read = (files: string[], options: StreamingOptions = {}) =>
  files.length === 1
    ? readInPieces(readFileSync(files[0], 'utf8'), path.basename(files[0]), { chunk: 97, ...options })
    : readInPieces(
        files.map((file) => ({ name: path.relative(PEERS, file), text: readFileSync(file, 'utf8') })),
        undefined,
        { chunk: 97, ...options },
      );

const texts = (c: Conversation) => c.turns.map((t) => `${t.role}: ${t.content}`);
const brief = (scores: ImportedScore[]) => scores.map((s) => ({ name: s.name, value: s.value, turn: s.turn, label: s.label }));

describe('Langfuse', () => {
  it("reads the session page's download with the traces and observations export: turns in time order, retrieval, tools, ids, times, scores on turns and on the session", () => {
    const r = read([at('langfuse', 'observations-2026-11-20.jsonl'), at('langfuse', 'session-sess-refund-1042.json')]);
    expect(r.errors).toEqual([]);
    expect(r.format).toBe('langfuse-jsonl');
    expect(r.conversations.map((c) => c.externalId)).toEqual(['sess-refund-1042', 'sess-ship-2001']);
    const [refund, shipping] = r.conversations;
    expect(texts(refund)).toEqual([
      'user: Hi, I want a refund for order 5531.',
      'assistant: I can help. Refunds are possible within 30 days of delivery; order 5531 was delivered 12 days ago, so it qualifies.',
      'user: How long until the money is back?',
      'assistant: Soon.',
      'user: Five days, you mean?',
      'assistant: Yes: the refund was approved and reaches your card within 5 business days.',
    ]);
    expect(refund.turns[1].retrievalContext).toEqual(['Refunds: within 30 days of delivery.', 'Orders ship in 2 days.']);
    expect(refund.turns[3].toolsCalled).toEqual([{ name: 'lookup_refund', input_parameters: { order: '5531' }, output: { status: 'approved', eta_days: 5 } }]);
    expect(refund.turns[0].metadata).toEqual({ traceId: 'tr-1042-a', timestamp: '2026-11-20T10:00:00.000Z' });
    expect(refund.turns[1].metadata).toMatchObject({ traceId: 'tr-1042-a', traceName: 'support-turn', userId: 'cust-77', comments: [{ content: 'Good first answer', author: 'Ana', createdAt: '2026-11-20T11:00:00.000Z' }] });
    expect(refund.turns[5].metadata).toMatchObject({ textScores: { note: 'asked twice' } });
    expect(refund.metadata).toMatchObject({ source: 'langfuse', comments: [{ content: 'Escalation avoided' }], users: ['cust-77'] });
    expect(brief(r.scoresOf(refund))).toEqual([
      { name: 'helpfulness', value: 0.9, turn: 1, label: undefined },
      { name: 'correct', value: 1, turn: 1, label: 'True' },
      { name: 'helpfulness', value: 0.4, turn: 3, label: undefined },
      { name: 'correct', value: 0, turn: 3, label: 'False' },
      { name: 'tone', value: 0, turn: 3, label: 'curt' },
      { name: 'helpfulness', value: 1, turn: 5, label: undefined },
      { name: 'resolution', value: 1, turn: undefined, label: 'resolved' },
    ]);
    expect(r.scoresOf(refund)[0]).toMatchObject({ tool: 'Langfuse', reason: 'Answers the question directly.' });
    expect(texts(shipping)).toHaveLength(4);
    // What the format cannot carry is said once, whatever the number of rows.
    expect(r.notes.filter((m) => m.includes('type EVENT'))).toHaveLength(1);
    expect(r.notes.some((m) => m.includes('TEXT and CORRECTION scores'))).toBe(true);
  });

  it('joins the scores export to the observations export, on traces and on sessions', () => {
    const r = read([at('langfuse', 'observations-2026-11-20.jsonl'), at('langfuse', 'scores-2026-11-20.jsonl')]);
    expect(r.errors).toEqual([]);
    const shipping = r.conversations.find((c) => c.externalId === 'sess-ship-2001')!;
    expect(brief(r.scoresOf(shipping))).toEqual([
      { name: 'helpfulness', value: 0.8, turn: 1, label: undefined },
      { name: 'helpfulness', value: 0.7, turn: 3, label: undefined },
      { name: 'user-rating', value: 4, turn: undefined, label: undefined },
    ]);
  });

  it('reads the CSV of the same exports as the JSONL (objects in cells as JSON text)', () => {
    const rowsOf = (file: string) =>
      readFileSync(at('langfuse', file), 'utf8')
        .trimEnd()
        .split('\n')
        .map((line) => Object.fromEntries(Object.entries(JSON.parse(line) as Record<string, unknown>).map(([k, v]) => [k, v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)])));
    const csv = (file: string) => Papa.unparse(rowsOf(file));
    const fromCsv = readInPieces([
      { name: 'observations.csv', text: csv('observations-2026-11-20.jsonl') },
      { name: 'scores.csv', text: csv('scores-2026-11-20.jsonl') },
    ]);
    expect(fromCsv.format).toBe('langfuse-csv');
    expect(fromCsv.errors).toEqual([]);
    const jsonl = read([at('langfuse', 'observations-2026-11-20.jsonl'), at('langfuse', 'scores-2026-11-20.jsonl')]);
    expect(fromCsv.conversations).toEqual(jsonl.conversations);
    expect(fromCsv.conversations.map((c) => brief(fromCsv.scoresOf(c)))).toEqual(jsonl.conversations.map((c) => brief(jsonl.scoresOf(c))));
    // A CSV with other columns is still a dataset CSV.
    expect(readInPieces('conversation_id,role,content\nc1,user,hi\nc1,assistant,hello\n', 'chat.csv').format).toBe('long-csv');
  });

  it("refuses the session download alone, saying which export brings the messages", () => {
    const r = read([at('langfuse', 'session-sess-refund-1042.json')]);
    expect(r.format).toBe('langfuse-json');
    expect(r.conversations).toEqual([]);
    expect(r.errors[0]).toMatchObject({ line: 1, message: expect.stringContaining('has no input or output') });
    expect(r.errors[0].message).toContain('import it together with the traces or observations export');
  });

  it('reads a page of the v2 observations API (camelCase, input and output as JSON text) and the public API session with its messages', () => {
    const page = read([at('langfuse', 'observations-v2-page.json')]);
    expect(page.errors).toEqual([]);
    expect(page.format).toBe('langfuse-json');
    expect(page.conversations.map(texts)).toEqual([
      ['user: Do you ship to Canada?', 'assistant: Yes, to every province; delivery takes 5 to 7 days.', 'user: And customs fees?', 'assistant: They are included in the price shown at checkout.'],
    ]);
    const session = read([at('langfuse', 'public-api-session.json')]);
    expect(session.errors).toEqual([]);
    const [login] = session.conversations;
    expect(login.chatbotRole).toBe("You are Acme's support assistant. Be brief and exact.");
    // The last user message of each trace's input is its turn: the history it repeats is not doubled.
    expect(texts(login)).toEqual([
      'user: I cannot log in.',
      "assistant: Let's reset your password: use 'Forgot password' on the sign-in page.",
      'user: The reset mail never arrives.',
      'assistant: Check your spam folder; if it is not there, I can send it to another address.',
    ]);
    expect(login.turns[1].metadata).toMatchObject({ traceId: 'tr-3003-a', tags: ['support'], traceMetadata: { channel: 'web' } });
  });

  it('reads dataset items: the input (or its messages) and an empty reply holding the expected output', () => {
    const r = read([at('langfuse', 'dataset-items.json')]);
    expect(r.errors).toEqual([]);
    expect(r.conversations.map((c) => ({ id: c.externalId, turns: c.turns }))).toEqual([
      { id: 'it-1', turns: [{ role: 'user', content: 'Can I return a used item?' }, { role: 'assistant', content: '', expectedOutput: 'Used items can be returned within 14 days if undamaged.' }] },
      {
        id: 'it-2',
        turns: [
          { role: 'user', content: 'Where is my order?' },
          { role: 'assistant', content: 'Which order number?' },
          { role: 'user', content: '5531' },
          { role: 'assistant', content: '', expectedOutput: 'Order 5531 is out for delivery today.' },
        ],
      },
    ]);
  });

  it('keeps a trace whose metadata is past the limit every metadata has, its largest entry left out with a note', () => {
    const trace = { id: 'tr-big', timestamp: '2026-11-20T10:00:00Z', sessionId: 's-big', input: 'Hi', output: 'Hello', metadata: { blob: 'x'.repeat(150_000), channel: 'web' } };
    const parser = createStreamingParser({ fileName: 'traces.jsonl' });
    const got = [...parser.push(`${JSON.stringify(trace)}\n`), ...parser.end()];
    expect(parser.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(got.map((c) => c.externalId)).toEqual(['s-big']);
    expect(got[0].turns[1].metadata).toEqual({ traceId: 'tr-big', timestamp: '2026-11-20T10:00:00.000Z' });
    expect(parser.notes).toContainEqual(expect.stringContaining('“traceMetadata” is left out'));
  });

  it('refuses a broken line and a bad score with their line and field, and a scores export alone', () => {
    const observations = readFileSync(at('langfuse', 'observations-2026-11-20.jsonl'), 'utf8').trimEnd().split('\n');
    const lines = [...observations, ...readFileSync(at('langfuse', 'scores-2026-11-20.jsonl'), 'utf8').trimEnd().split('\n')];
    const scoreLine = observations.length + 2;
    const bad = JSON.parse(lines[scoreLine - 1]) as Record<string, unknown>;
    bad.value = 'high';
    lines[scoreLine - 1] = JSON.stringify(bad);
    lines[3] = lines[3].slice(0, 40);
    const parser = createStreamingParser({ fileName: 'langfuse-export.jsonl' });
    parser.push(lines.join('\n'));
    const conversations = parser.end();
    expect(parser.problems.filter((p) => p.severity === 'error').map(formatProblem)).toEqual([
      expect.stringMatching(/^error: broken JSON at line 4, column \d+: unterminated string/),
      `error: line ${scoreLine}, value: score "helpfulness": expected a number as its value, found a string`,
    ]);
    // Skipping them, what is left is read: the broken line was a generation (its trace's own input and output remain), the bad score one of five.
    expect(conversations.map((c) => c.externalId)).toEqual(['sess-refund-1042', 'sess-ship-2001']);
    expect(conversations[0].turns[1].retrievalContext).toEqual(['Refunds: within 30 days of delivery.', 'Orders ship in 2 days.']);

    const alone = read([at('langfuse', 'scores-2026-11-20.jsonl')]);
    expect(alone.conversations).toEqual([]);
    expect(alone.errors[0].message).toContain('its scores came without its messages: import the scores export together with the traces or observations export');
  });
});

describe('Opik', () => {
  const folder = at('opik', 'support');

  it('reads an export folder: traces by thread in time order, retrieval and tool spans, feedback scores on their turns, the experiment beside them', () => {
    const r = read(filesUnder(folder));
    expect(r.errors).toEqual([]);
    expect(r.format).toBe('opik-json');
    expect(r.conversations.map((c) => c.externalId)).toEqual(['thread-warranty-17', '0193a1c2-8a00-7000-8000-0000000000ff', 'thread-billing-4']);
    const warranty = r.conversations[0];
    expect(texts(warranty)).toEqual([
      'user: Is my kettle still under warranty? I bought it in March.',
      'assistant: Yes. Kettles carry a 2-year warranty, so a March purchase is covered until March 2028.',
      'user: What do I need to send?',
      'assistant: Send a photo of the receipt and the serial number; I opened claim WR-881 for you.',
    ]);
    expect(warranty.turns[1]).toMatchObject({
      retrievalContext: ['Small appliances: 2-year warranty from purchase.', 'Proof of purchase is required.'],
      expectedOutput: 'Covered: 2-year warranty from purchase.',
      metadata: { traceId: '0193a1c2-8a00-7000-8000-000000000001', timestamp: '2026-11-24T09:00:00.000Z', experiment: 'warranty-eval', project: 'support-bot' },
    });
    expect(warranty.turns[3].toolsCalled).toEqual([{ name: 'open_claim', input_parameters: { product: 'kettle', purchase: '2026-03' }, output: { claim_id: 'WR-881' } }]);
    expect(brief(r.scoresOf(warranty))).toEqual([
      { name: 'contains_policy', value: 1, turn: 1, label: undefined },
      { name: 'answer_relevance', value: 0.92, turn: 1, label: undefined },
      { name: 'hallucination', value: 0, turn: 1, label: undefined },
      { name: 'answer_relevance', value: 0.55, turn: 3, label: undefined },
      { name: 'hallucination', value: 0, turn: 3, label: undefined },
      { name: 'tone', value: 1, turn: 3, label: 'friendly' },
    ]);
    // The experiment item whose trace file is absent: its dataset item and task output make the turn.
    expect(texts(r.conversations[1])).toEqual(['user: Can I get a replacement instead of a repair?', 'assistant: Please contact the store.']);
    expect(r.notes).toEqual(
      expect.arrayContaining([
        "Opik spans of type 'guardrail' are not kept",
        "Opik feedback scores on spans are not imported: a turn takes its trace's feedback scores",
        expect.stringContaining('Opik dataset files beside trace or experiment files are not imported'),
      ]),
    );
  });

  it('reads one trace file alone, and a dataset file alone as its items', () => {
    const one = read([at('opik', 'support', 'projects', 'support-bot', 'trace_0193a1c2-8a00-7000-8000-000000000003.json')]);
    expect(one.errors).toEqual([]);
    expect(one.conversations.map(texts)).toEqual([['user: Why was I charged twice?', 'assistant: The second charge is a pre-authorisation; it disappears within 3 days.']]);
    const dataset = read([at('opik', 'support', 'datasets', 'dataset_warranty-goldens.json')]);
    expect(dataset.errors).toEqual([]);
    expect(dataset.conversations[1]).toEqual({
      turns: [{ role: 'user', content: 'Can I get a replacement instead of a repair?' }, { role: 'assistant', content: '', expectedOutput: 'Yes, if the repair takes longer than 14 days.' }],
      metadata: { source: 'opik', dataset: 'warranty-goldens', topic: 'warranty' },
    });
  });

  it('refuses a trace file with a broken field, naming the file, line and field, and reads the other files', () => {
    const files = filesUnder(folder).filter((f) => f.includes('projects'));
    const parser = createStreamingParser();
    for (const [i, file] of files.entries()) {
      parser.nextFile(path.basename(file));
      let text = readFileSync(file, 'utf8');
      if (i === 1) text = text.replace('"value": 0.55', '"value": "0.55"');
      parser.push(text);
    }
    const conversations = parser.end();
    const errors = parser.problems.filter((p) => p.severity === 'error');
    expect(errors).toEqual([
      expect.objectContaining({ file: 'trace_0193a1c2-8a00-7000-8000-000000000002.json', field: 'trace.feedback_scores[0].value', line: expect.any(Number) }),
    ]);
    expect(formatProblem(errors[0])).toMatch(/^error: trace_0193a1c2-8a00-7000-8000-000000000002\.json, line \d+, column \d+, trace\.feedback_scores\[0\]\.value: feedback score "answer_relevance": expected a number/);
    expect(errors[0].line).toBeGreaterThan(20);
    // The thread of the broken trace is left out whole; the other thread is read.
    expect(conversations.map((c) => c.externalId)).toEqual(['thread-billing-4']);
  });
});

describe('chat messages with a thread key', () => {
  it('groups messages by thread_id, orders them by created_at, keeps system, tool calls and ids', () => {
    const r = read([at('thread', 'chat-log.jsonl')]);
    expect(r.errors).toEqual([]);
    expect(r.format).toBe('thread-jsonl');
    const [booking, breakfast] = r.conversations;
    expect(booking.externalId).toBe('t-1');
    expect(booking.chatbotRole).toBe("You are the hotel's booking assistant.");
    expect(texts(booking)).toEqual(['user: Hi', 'assistant: Hello! How can I help with your booking?', 'user: Can I move my stay to Friday?', 'assistant: Done: your stay now starts on Friday.']);
    expect(booking.turns[3].toolsCalled).toEqual([expect.objectContaining({ name: 'move_booking', input_parameters: { day: 'friday' }, output: '{"ok": true}' })]);
    expect(booking.turns[0].metadata).toEqual({ thread_id: 't-1', created_at: '2026-11-25T08:00:01Z', message_id: 'm1' });
    expect(texts(breakfast)).toEqual(['user: Is breakfast included?', 'assistant: Yes, breakfast is included in every room rate.']);
  });

  it('takes the grouping key and the ordering field the user names, and refuses a line without the key, with its line and field', () => {
    const log = [
      { room: 'r-9', n: 2, role: 'assistant', content: 'Checkout is at 11.' },
      { room: 'r-9', n: 1, role: 'user', content: 'When is checkout?' },
      { n: 3, role: 'user', content: 'Thanks' },
    ]
      .map((m) => JSON.stringify(m))
      .join('\n');
    const parser = createStreamingParser({ format: 'thread-jsonl', threadKey: 'room', orderBy: 'n' });
    const got = [...parser.push(log), ...parser.end()];
    expect(got.map(texts)).toEqual([['user: When is checkout?', 'assistant: Checkout is at 11.']]);
    expect(parser.problems.filter((p) => p.severity === 'error').map(formatProblem)).toEqual([
      "error: line 3, room: expected the conversation's id (text or a number), found nothing: name the field that groups messages into conversations (usual ones: thread_id, session_id, conversation_id, threadId, sessionId, conversationId, chat_id, chatId)",
    ]);
  });
});
