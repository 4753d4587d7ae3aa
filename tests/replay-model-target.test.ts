import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_POLICY, pinnedDispatcher } from '@/lib/llm/egress';
import { createOpenAITarget } from '@/lib/replay/targets/openai-target';
import { pooledFetch } from '@/lib/llm/pooled-fetch';
import { MAX_TARGET_REPLY_BYTES, TargetError } from '@/lib/replay/targets/target-types';
import { lastUserMessage, startJudgeServer, type JudgeServer } from './helpers/judge-server';

/*
 * The model target's own limits against a real OpenAI-compatible server: a reply over the bound,
 * a hang past the timeout and a cancel each end the turn at once with what and where, and a
 * reply within them comes back as sent.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const FAST = { maxRetries: 2, retryBaseMs: 1, retryBudgetMs: 2000 };
const OVER = 'x'.repeat(MAX_TARGET_REPLY_BYTES + 10);

let server: JudgeServer;
beforeAll(async () => {
  server = await startJudgeServer({
    handler: async (body) => {
      const asked = lastUserMessage(body);
      if (asked === 'big') return { content: OVER };
      if (asked === 'hang' || asked === 'cancel') await sleep(3000);
      return { content: `ok: ${asked}` };
    },
  });
});
afterAll(() => server.close());

const target = (timeoutMs = 20_000) => createOpenAITarget({ baseURL: server.url, apiKey: 'sk-test-1', model: 'm', timeoutMs, retries: FAST });
const ask = (content: string, signal?: AbortSignal) => ({ conversationId: 'c', turn: 1, messages: [{ role: 'user' as const, content }], state: null, signal });

describe('model target (OpenAI-compatible)', () => {
  it('returns the reply with its tokens and sends the key', async () => {
    const reply = await target().generate(ask('hello'));
    expect(reply).toMatchObject({ content: 'ok: hello', requests: 1 });
    expect(reply.promptTokens).toBeGreaterThan(0);
    expect(server.requests.at(-1)!.headers.authorization).toBe('Bearer sk-test-1');
  });

  it('fails a reply over the bound at once, without retrying it', async () => {
    const before = server.requests.length;
    await expect(target().generate(ask('big'))).rejects.toThrow(new RegExp(`^model m at ${server.url} sent a reply (of \\d+ bytes, )?over the ${MAX_TARGET_REPLY_BYTES}-byte limit$`));
    expect(server.requests.length - before).toBe(1);
  });

  it('fails a hang past the timeout, and stops a request when the replay is cancelled', async () => {
    await expect(target(300).generate(ask('hang'))).rejects.toThrow(`model m at ${server.url} did not answer in time`);
    const cancel = new AbortController();
    const started = Date.now();
    const pending = target().generate(ask('cancel', cancel.signal));
    setTimeout(() => cancel.abort('cancelled'), 100);
    await expect(pending).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2500);
  });
});

describe('pooledFetch', () => {
  let raw: http.Server;
  let base: string;
  beforeAll(async () => {
    // Chunked replies (no declared length), one of a declared length and one with no body.
    raw = http.createServer((req, res) => {
      if (req.url === '/none') return res.writeHead(204).end();
      if (req.url === '/declared') return res.writeHead(200, { 'content-length': '20' }).end('x'.repeat(20));
      res.writeHead(200, { 'content-type': 'text/plain', 'x-parts': 'a' });
      res.write('12345');
      res.end(req.url === '/long' ? '678901' : '6');
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => raw.close(() => resolve())));

  const bounded = pooledFetch(10, (declared) => new TargetError(`too large${declared === undefined ? '' : ` (${declared})`}`), pinnedDispatcher(OPERATOR_POLICY));

  it('hands on a streamed body within the bound with its status and headers, refuses one over it as it reads', async () => {
    const response = await bounded(`${base}/short`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-parts')).toBe('a');
    expect(await response.text()).toBe('123456');
    // Read whole already, it is still a body to read as a stream.
    const again = await bounded(`${base}/short`, { method: 'POST', body: '{}' });
    expect(await new Response(again.body).text()).toBe('123456');
    await expect(bounded(`${base}/long`, { method: 'POST', body: '{}' })).rejects.toThrow(/^too large$/);
    await expect(bounded(`${base}/declared`)).rejects.toThrow('too large (20)');
    expect((await bounded(`${base}/none`)).status).toBe(204);
  });
});
