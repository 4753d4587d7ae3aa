import { z } from 'zod';

/*
 * What deepeval posts to /v1/traces (deepeval/tracing/api.py TraceApi, dumped by alias): one
 * trace of @observe'd code. Only the fields Turnwise stores are read; any other field is ignored.
 */

/** The longest thread id kept (as an OpenTelemetry conversation id is). */
export const MAX_THREAD_ID_CHARS = 200;

const texts = z.array(z.string({ error: 'expected text' }), { error: 'expected a list of texts' });

const when = z
  .string({ error: 'expected a date and time (ISO 8601 text)' })
  .max(64, 'expected a date and time (ISO 8601 text)')
  .refine((value) => !Number.isNaN(Date.parse(value)), 'expected a date and time (ISO 8601 text)');

const args = z.record(z.string(), z.unknown(), { error: 'expected an object of argument names to values' });

/** deepeval's ToolCall: its arguments are `inputParameters` from Python, `input_parameters` elsewhere. */
const toolCall = z.object(
  {
    name: z.string({ error: 'a tool needs a name (text)' }).trim().min(1, 'a tool needs a name (text)'),
    description: z.string({ error: 'expected text' }).nullish(),
    reasoning: z.string({ error: 'expected text' }).nullish(),
    inputParameters: args.nullish(),
    input_parameters: args.nullish(),
    output: z.unknown().optional(),
  },
  { error: 'expected a tool: an object with a name' },
);

const span = z.object(
  {
    name: z.string({ error: 'expected text' }).nullish(),
    startTime: when.nullish(),
    input: z.unknown().optional(),
    output: z.unknown().optional(),
    model: z.string({ error: 'expected text' }).nullish(),
    retrievalContext: texts.nullish(),
    toolsCalled: z.array(toolCall, { error: 'expected a list of tools' }).nullish(),
  },
  { error: 'expected a span (an object)' },
);
const spans = z.array(span, { error: 'expected a list of spans' }).nullish();

export const traceBodySchema = z.object(
  {
    uuid: z.string({ error: 'the trace needs its uuid (text)' }).trim().min(1, 'the trace needs its uuid (text)').max(200, 'at most 200 characters'),
    threadId: z.string({ error: 'expected text' }).trim().min(1, 'expected a thread id').max(MAX_THREAD_ID_CHARS, `at most ${MAX_THREAD_ID_CHARS} characters`).nullish(),
    environment: z.string({ error: 'expected text' }).trim().max(100, 'at most 100 characters').nullish(),
    startTime: when.nullish(),
    input: z.unknown().optional(),
    output: z.unknown().optional(),
    retrievalContext: texts.nullish(),
    toolsCalled: z.array(toolCall, { error: 'expected a list of tools' }).nullish(),
    metadata: z.record(z.string(), z.unknown(), { error: 'expected an object' }).nullish(),
    baseSpans: spans,
    agentSpans: spans,
    llmSpans: spans,
    retrieverSpans: spans,
    toolSpans: spans,
  },
  { error: 'expected a trace (a JSON object)' },
);
export type TraceBody = z.output<typeof traceBodySchema>;
export type TraceSpan = z.output<typeof span>;
