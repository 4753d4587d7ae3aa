import { describe, expect, it } from 'vitest';
import { peerFixture } from '../../../tests/fixtures/peers/peer-fixture';
import { readInPieces as readPeerFile } from '../read-in-pieces';

/*
 * Phoenix's dataset exports as its server writes them (Arize-ai/phoenix
 * src/phoenix/server/api/routers/v1/datasets.py): GET /v1/datasets/{id}/jsonl/openai_ft is
 * `json.dumps({"messages": input.messages + output.messages, "tools"?: input.tools}, ensure_ascii=False)`
 * per example (_get_content_jsonl_openai_ft); GET /v1/datasets/{id}/jsonl is
 * {id, node_id, input, output, metadata, splits} per example (_get_content_jsonl).
 */

describe('Phoenix dataset exports', () => {
  it('reads /jsonl/openai_ft as OpenAI chat JSONL: system as the chatbot’s role, tool calls with their results, its tools offered', () => {
    const r = readPeerFile(peerFixture('phoenix', 'openai-ft.jsonl'), 'support.jsonl');
    expect(r.format).toBe('openai-jsonl');
    expect(r.problems).toEqual([]);
    const [order, invoice] = r.conversations;
    expect(order.chatbotRole).toBe("You are Acme's support assistant. Answer from the help centre only.");
    expect(order.turns).toEqual([
      { role: 'user', content: 'Où est ma commande 3391 ?' },
      {
        role: 'assistant',
        content: 'Votre commande 3391 est en route ; livraison prévue le 2 décembre.',
        toolsCalled: [{ id: 'call_4kQ', name: 'lookup_order', input_parameters: { order_id: '3391' }, output: '{"status": "in transit", "eta": "2026-12-02"}' }],
      },
    ]);
    expect(order.availableTools).toEqual([
      { name: 'lookup_order', description: 'Find an order by its id', input_parameters: { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'] } },
    ]);
    expect(invoice.turns.map((t) => t.role)).toEqual(['user', 'assistant']);
  });

  it('reads the plain /jsonl export (input and output holding messages) with its id, metadata and splits', () => {
    const r = readPeerFile(peerFixture('phoenix', 'dataset.jsonl'), 'support.jsonl');
    expect(r.format).toBe('phoenix-jsonl');
    expect(r.errors).toEqual([]);
    expect(r.conversations).toEqual([
      {
        externalId: 'RGF0YXNldEV4YW1wbGU6MQ==',
        chatbotRole: "You are Acme's support assistant. Answer from the help centre only.",
        metadata: { source: 'phoenix', nodeId: 'RGF0YXNldEV4YW1wbGU6MQ==', splits: ['train'], span_id: 'b3f1c2d4e5a60718' },
        turns: [
          { role: 'user', content: 'Can I pay by invoice?' },
          { role: 'assistant', content: 'Invoices are available for business accounts; personal orders are paid by card.' },
        ],
      },
    ]);
  });

  it('refuses an openai_ft line whose message has no role, with its line and field', () => {
    const text = peerFixture('phoenix', 'openai-ft.jsonl').replace('{"role": "user", "content": "Can I pay by invoice?"}', '{"content": "Can I pay by invoice?"}');
    const r = readPeerFile(text, 'support.jsonl');
    expect(r.errors).toEqual([expect.objectContaining({ line: 2, field: 'messages[1].role', message: 'missing role' })]);
  });
});
