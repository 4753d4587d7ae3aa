import { createRequire } from 'node:module';

/*
 * The OTLP traffic the ingest benchmarks send: protobuf ExportTraceServiceRequest bodies of a
 * request span and its chat span per trace (@opentelemetry/instrumentation-openai's shape), each
 * body adding one turn to `traces` conversations.
 */

interface ProtoType {
  fromObject(o: object): unknown;
  encode(m: unknown): { finish(): Uint8Array<ArrayBuffer> };
}
const ExportTraceServiceRequest = (createRequire(import.meta.url)('otlp-proto-codec/build/src/generated/root.js') as {
  opentelemetry: { proto: { collector: { trace: { v1: { ExportTraceServiceRequest: ProtoType } } } } };
}).opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;

const attr = (key: string, value: string) => ({ key, value: { stringValue: value } });
const hex = (n: number, bytes: number, salt: number) => (salt.toString(16).padStart(4, '0') + n.toString(16)).padStart(bytes * 2, '0').slice(-bytes * 2);

export interface BatchShape {
  /** Traces (conversations) per body. */
  traces: number;
  /** Turns per conversation: body b is turn (b mod turns)+1 of conversations [floor(b/turns)*traces, +traces). */
  turns: number;
  /** Keeps the ids of one run apart from another's on the same database. */
  salt: number;
  service: string;
}

/** Body `b` of a run of the given shape. */
export function otlpBatchBody(b: number, shape: BatchShape): Uint8Array<ArrayBuffer> {
  const { traces, turns, salt } = shape;
  const wave = Math.floor(b / turns);
  const turn = b % turns;
  const spans = [];
  for (let i = 0; i < traces; i++) {
    const trace = b * traces + i + 1;
    const traceId = Buffer.from(hex(trace, 16, salt), 'hex');
    const rootId = Buffer.from(hex(trace * 2, 8, salt), 'hex');
    const chatId = Buffer.from(hex(trace * 2 + 1, 8, salt), 'hex');
    const conversation = `conv-${wave * traces + i}`;
    const start = BigInt(Date.now()) * 1_000_000n + BigInt(turn);
    const question = `Question ${turn + 1} of ${conversation}: where is my order number ${trace}?`;
    spans.push(
      { traceId, spanId: rootId, name: 'handle_message', kind: 2, startTimeUnixNano: start.toString(), endTimeUnixNano: (start + 900_000_000n).toString(), attributes: [attr('gen_ai.conversation.id', conversation)] },
      {
        traceId,
        spanId: chatId,
        parentSpanId: rootId,
        name: 'chat gpt-4o-mini',
        kind: 3,
        startTimeUnixNano: (start + 1_000_000n).toString(),
        endTimeUnixNano: (start + 800_000_000n).toString(),
        attributes: [
          attr('gen_ai.operation.name', 'chat'),
          attr('gen_ai.request.model', 'gpt-4o-mini'),
          attr('gen_ai.response.id', `chatcmpl-${trace}`),
          attr('gen_ai.input.messages', JSON.stringify([{ role: 'system', parts: [{ type: 'text', content: 'You answer shipping questions briefly.' }] }, { role: 'user', parts: [{ type: 'text', content: question }] }])),
          attr('gen_ai.output.messages', JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: `Order ${trace} ships tomorrow and arrives within three days.` }], finish_reason: 'stop' }])),
        ],
      },
    );
  }
  const request = { resourceSpans: [{ resource: { attributes: [attr('service.name', shape.service), attr('deployment.environment.name', 'bench')] }, scopeSpans: [{ scope: { name: 'bench' }, spans }] }] };
  return ExportTraceServiceRequest.encode(ExportTraceServiceRequest.fromObject(request)).finish();
}
