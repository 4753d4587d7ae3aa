import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SCHEMA_NAME_MARKER } from '@/lib/judge/response-format';

/*
 * A real OpenAI-compatible chat.completions server on 127.0.0.1 for tests and benchmarks.
 * The handler sees each parsed request body and answers with content (wrapped into a
 * chat.completion with usage) or with an HTTP error.
 */

export interface ChatCompletionBody {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name: string; schema: Record<string, unknown>; strict?: boolean } };
  temperature?: number;
  [key: string]: unknown;
}

export interface RecordedRequest {
  body: ChatCompletionBody;
  headers: http.IncomingHttpHeaders;
  /** ms since the server started. */
  at: number;
}

export type HandlerResult =
  | {
      content: string;
      model?: string;
      usage?: { promptTokens: number; completionTokens: number };
      /** Sends the first half of the response body, then drops the connection. */
      cut?: boolean;
      /** The reply's tokens with their alternatives, as `choices[0].logprobs.content` (sent only when the request asked for logprobs). */
      logprobs?: { token: string; top: { token: string; logprob: number }[] }[];
      headers?: Record<string, string>;
    }
  | { status: number; headers?: Record<string, string>; body?: unknown };

export type JudgeServerHandler = (
  body: ChatCompletionBody,
  context: { index: number; headers: http.IncomingHttpHeaders },
) => HandlerResult | Promise<HandlerResult>;

export interface JudgeServer {
  /** Base URL ending in /v1. */
  url: string;
  requests: RecordedRequest[];
  /** Most requests that were being handled at the same time. */
  readonly maxInFlight: number;
  /** Requests whose client hung up before the answer was sent. */
  readonly aborted: number;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tokensOf = (text: string) => Math.max(1, Math.ceil(text.length / 4));

export async function startJudgeServer(options: { handler: JudgeServerHandler; latencyMs?: number }): Promise<JudgeServer> {
  const requests: RecordedRequest[] = [];
  const started = Date.now();
  let inFlight = 0;
  let maxInFlight = 0;
  let aborted = 0;

  const server = http.createServer(async (req, res) => {
    inFlight++;
    res.once('close', () => {
      if (!res.writableEnded) aborted++;
    });
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      const text = await readBody(req);
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        return send(res, 404, { error: { message: `no route for ${req.method} ${req.url}`, type: 'not_found' } });
      }
      let body: ChatCompletionBody;
      try {
        body = JSON.parse(text) as ChatCompletionBody;
      } catch {
        return send(res, 400, { error: { message: 'request body is not JSON', type: 'invalid_request_error' } });
      }
      const index = requests.length;
      requests.push({ body, headers: req.headers, at: Date.now() - started });
      if (options.latencyMs) await sleep(options.latencyMs);
      let result: HandlerResult;
      try {
        result = await options.handler(body, { index, headers: req.headers });
      } catch (error) {
        // A broken test handler must fail fast, not be retried by the client.
        return send(res, 500, { error: { message: `handler threw: ${String(error)}`, type: 'server_error' } }, {
          'x-should-retry': 'false',
        });
      }
      if ('status' in result) {
        const errorBody = result.body ?? { error: { message: `scripted error ${result.status}`, type: 'error' } };
        return send(res, result.status, errorBody, result.headers);
      }
      const promptTokens = result.usage?.promptTokens ?? tokensOf(body.messages.map((m) => m.content).join(''));
      const completionTokens = result.usage?.completionTokens ?? tokensOf(result.content);
      const reply = {
        id: `chatcmpl-${index}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: result.model ?? body.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: result.content, refusal: null },
            finish_reason: 'stop',
            logprobs:
              result.logprobs && (body as { logprobs?: boolean }).logprobs
                ? {
                    content: result.logprobs.map((t) => ({
                      token: t.token,
                      logprob: t.top.find((a) => a.token === t.token)?.logprob ?? 0,
                      bytes: null,
                      top_logprobs: t.top.map((a) => ({ token: a.token, logprob: a.logprob, bytes: null })),
                    })),
                    refusal: null,
                  }
                : null,
          },
        ],
        usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
      };
      if (result.cut) {
        const text = JSON.stringify(reply);
        res.writeHead(200, { 'content-type': 'application/json', ...result.headers });
        res.write(text.slice(0, Math.floor(text.length / 2)));
        await sleep(5);
        res.socket?.destroy();
        return;
      }
      return send(res, 200, reply, result.headers);
    } finally {
      inFlight--;
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    get maxInFlight() {
      return maxInFlight;
    },
    get aborted() {
      return aborted;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** The schema name of a request: json_schema.name, or the name the schema instruction carries in JSON/text mode. */
export function requestSchemaName(body: ChatCompletionBody): string | null {
  const name = body.response_format?.json_schema?.name;
  if (name) return name;
  for (const message of body.messages) {
    const line = message.content.split('\n').find((l) => l.startsWith(SCHEMA_NAME_MARKER));
    if (line) return line.slice(SCHEMA_NAME_MARKER.length).trim();
  }
  return null;
}

/** Every message's content, joined: what scripted answers search the prompt in. */
export const promptText = (body: ChatCompletionBody): string => body.messages.map((m) => m.content).join('\n');

/** The content of the last user message. */
export const lastUserMessage = (body: ChatCompletionBody): string =>
  [...body.messages].reverse().find((m) => m.role === 'user')?.content ?? '';

export type ScriptedAnswer = (body: ChatCompletionBody, context: { index: number }) => unknown;

/**
 * A handler answering by schema name (the judge step's schemaName). An answer returning a
 * string is sent verbatim (to script malformed replies); anything else is sent as JSON.
 */
export function answerByStep(answers: Record<string, ScriptedAnswer>): JudgeServerHandler {
  return async (body, context) => {
    const name = requestSchemaName(body);
    const answer = name === null ? undefined : answers[name];
    if (!answer) {
      return {
        status: 500,
        headers: { 'x-should-retry': 'false' },
        body: { error: { message: `no scripted answer for schema ${name ?? '(none)'}`, type: 'server_error' } },
      };
    }
    const value = await answer(body, context);
    return { content: typeof value === 'string' ? value : JSON.stringify(value) };
  };
}
