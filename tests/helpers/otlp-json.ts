/** OTLP/JSON export bodies written by hand, for tests of what the receiver and the ingest step make of them. */

export const attr = (key: string, value: string) => ({ key, value: { stringValue: value } });

/** A chat span in the OTel GenAI shape: a system and a user message in, one assistant message out. */
export function genAiChatAttributes(conversationId: string, user: string, answer: string) {
  return [
    attr('gen_ai.operation.name', 'chat'),
    attr('gen_ai.conversation.id', conversationId),
    attr('gen_ai.input.messages', JSON.stringify([{ role: 'system', parts: [{ type: 'text', content: 'Be brief.' }] }, { role: 'user', parts: [{ type: 'text', content: user }] }])),
    attr('gen_ai.output.messages', JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: answer }], finish_reason: 'stop' }])),
  ];
}

/** An attribute of any value type (a list, a map…), in OTLP/JSON. */
export type OtlpAttribute = { key: string; value: Record<string, unknown> };

export function spanExport(service: string, spans: { traceId: string; spanId: string; attributes: OtlpAttribute[]; start: number }[]) {
  return {
    resourceSpans: [
      {
        resource: { attributes: [attr('service.name', service)] },
        scopeSpans: [
          {
            spans: spans.map((s) => ({
              traceId: s.traceId,
              spanId: s.spanId,
              name: 'chat gpt-test',
              kind: 3,
              startTimeUnixNano: String(s.start * 1e6),
              endTimeUnixNano: String((s.start + 5) * 1e6),
              attributes: s.attributes,
            })),
          },
        ],
      },
    ],
  };
}
