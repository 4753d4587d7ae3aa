import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAIJudge } from '@/lib/judge/openai-judge';
import { judgeSteps } from '@/lib/metrics/registry';
import type { JudgeRequest } from '@/lib/judge/types';
import { requestSchemaName, startJudgeServer, type ChatCompletionBody, type JudgeServer } from './helpers/judge-server';

const schema = judgeSteps['turn_faithfulness.claims'].output;
const request = (text: string): JudgeRequest<{ claims: string[] }> => ({
  step: 'turn_faithfulness.claims',
  input: { message: text },
  messages: [
    { role: 'system', content: 'Extract claims.' },
    { role: 'user', content: text },
  ],
  schema,
  schemaName: 'claims',
});

const rejectFormat = (type: string) => ({
  status: 400,
  body: { error: { message: `response_format type ${type} is not supported`, type: 'invalid_request_error' } },
});

let server: JudgeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const formatOf = (body: ChatCompletionBody) => body.response_format?.type ?? 'text';

describe('OpenAI-compatible judge: response format fallback', () => {
  it('falls back to JSON mode with the schema in the prompt, and remembers it', async () => {
    server = await startJudgeServer({
      handler: (body) =>
        body.response_format?.type === 'json_schema' ? rejectFormat('json_schema') : { content: '{"claims":["the sky is blue"]}' },
    });
    const judge = createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-test' });

    const first = await judge.call(request('The sky is blue.'));
    const second = await judge.call(request('Grass is green.'));

    expect(first.output.claims).toEqual(['the sky is blue']);
    expect(second.output.claims).toEqual(['the sky is blue']);
    expect(server.requests.map((r) => formatOf(r.body))).toEqual(['json_schema', 'json_object', 'json_object']);
    const sent = server.requests[1].body;
    expect(sent.messages).toHaveLength(2);
    expect(sent.messages[0].role).toBe('system');
    expect(sent.messages[0].content).toContain('Extract claims.');
    expect(sent.messages[0].content).toContain('JSON');
    expect(sent.messages[0].content).toContain('"claims"');
    expect(requestSchemaName(sent)).toBe('claims');
    expect(judge.responseMode()).toBe('json_object');
    // A rejected request got no reply: it is not a call.
    expect(judge.usage().calls).toBe(2);
  });

  it('falls back to plain text when the server accepts no response_format, and parses JSON out of prose', async () => {
    server = await startJudgeServer({
      handler: (body) =>
        body.response_format
          ? { status: 422, body: { error: { message: 'unknown field response_format' } } }
          : { content: 'Here you go:\n```json\n{"claims": ["water is wet"]}\n```' },
    });
    const judge = createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-test' });

    const reply = await judge.call(request('Water is wet.'));
    await judge.call(request('Again.'));

    expect(reply.output.claims).toEqual(['water is wet']);
    expect(server.requests.map((r) => formatOf(r.body))).toEqual(['json_schema', 'json_object', 'text', 'text']);
    expect(judge.responseMode()).toBe('text');
  });

  it('repairs in the mode that worked', async () => {
    let textReplies = 0;
    server = await startJudgeServer({
      handler: (body) => {
        if (body.response_format) return rejectFormat(body.response_format.type);
        return { content: textReplies++ === 0 ? '{"claims":"one"}' : '{"claims":["one"]}' };
      },
    });
    const judge = createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-test' });

    const reply = await judge.call(request('One.'));

    expect(reply.output.claims).toEqual(['one']);
    const repair = server.requests[3].body;
    expect(formatOf(repair)).toBe('text');
    expect(repair.messages.at(-1)?.content).toContain('claims');
    expect(repair.messages.at(-2)).toEqual({ role: 'assistant', content: '{"claims":"one"}' });
  });

  it('does not fall back when a format is forced, nor settle on a mode after a failure', async () => {
    server = await startJudgeServer({ handler: () => rejectFormat('json_schema') });
    const forced = createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-test', responseFormat: 'json_schema' });
    await expect(forced.call(request('x'))).rejects.toMatchObject({ code: 'JUDGE', details: { status: 400 } });
    expect(server.requests).toHaveLength(1);

    const auto = createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-test' });
    await expect(auto.call(request('x'))).rejects.toMatchObject({ code: 'JUDGE' });
    expect(server.requests).toHaveLength(4);
    expect(auto.responseMode()).toBeNull();
  });
});
