import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryJudgeCache } from '@/lib/judge/memory-cache';
import { createJudge, defaultJudgeSelection, listJudges, loadJudgeConfig } from '@/lib/judge/config';
import { judgeSteps } from '@/lib/metrics/registry';
import type { JudgeRequest } from '@/lib/judge/types';
import { AppError } from '@/lib/errors';
import { startJudgeServer, type JudgeServer } from './helpers/judge-server';

const request: JudgeRequest<{ reason: string }> = {
  step: 'reason',
  input: { metric: 'conversation_relevancy', score: 1, threshold: 0.5, reasons: [] },
  messages: [{ role: 'user', content: 'Explain.' }],
  schema: judgeSteps.reason.output,
  schemaName: 'reason',
  contract: judgeSteps.reason,
};
const ok = () => ({ content: '{"reason":"fine"}' });

const servers: JudgeServer[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function configError(env: Record<string, string>): AppError {
  try {
    loadJudgeConfig(env);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a CONFIG error');
}

describe('judge configuration', () => {
  it('defaults to the offline judge without a key and to OpenAI gpt-4.1 with one', () => {
    const none = loadJudgeConfig({});
    expect(none.concurrency).toBe(8);
    expect(none.openai.defaultModel).toBe('gpt-4.1');
    expect(defaultJudgeSelection(none)).toEqual({ kind: 'offline' });
    expect(defaultJudgeSelection(loadJudgeConfig({ OPENAI_API_KEY: '' }))).toEqual({ kind: 'offline' });

    const keyed = loadJudgeConfig({ OPENAI_API_KEY: 'sk-1', TURNWISE_JUDGE_MODEL: 'gpt-4.1-mini', TURNWISE_JUDGE_CONCURRENCY: '3' });
    expect(defaultJudgeSelection(keyed)).toEqual({ kind: 'openai', name: 'openai' });
    expect(keyed.concurrency).toBe(3);
    expect(keyed.openai.models[0]).toBe('gpt-4.1-mini');
  });

  it.each([
    [{ TURNWISE_JUDGE_CONCURRENCY: 'many' }, 'TURNWISE_JUDGE_CONCURRENCY'],
    [{ TURNWISE_JUDGE_CONCURRENCY: '0' }, 'TURNWISE_JUDGE_CONCURRENCY'],
    [{ OPENAI_BASE_URL: 'localhost:11434' }, 'OPENAI_BASE_URL'],
    [{ TURNWISE_JUDGES: '[{name:1}]' }, 'TURNWISE_JUDGES is not valid JSON'],
    [{ TURNWISE_JUDGES: '{}' }, 'TURNWISE_JUDGES'],
    [{ TURNWISE_JUDGES: '[{"name":"local","baseUrl":"ftp://x","models":["m"]}]' }, 'TURNWISE_JUDGES[0].baseUrl'],
    [{ TURNWISE_JUDGES: '[{"name":"local","baseUrl":"http://x","models":[]}]' }, 'TURNWISE_JUDGES[0].models'],
    [{ TURNWISE_JUDGES: '[{"name":"openai","baseUrl":"http://x","models":["m"]}]' }, 'TURNWISE_JUDGES[0].name: is reserved'],
    [{ TURNWISE_JUDGES: '[{"name":"a","baseUrl":"http://x","models":["m"],"defaultModel":"n"}]' }, 'TURNWISE_JUDGES[0].defaultModel'],
    [{ TURNWISE_JUDGES: '[{"name":"a","baseUrl":"http://x","models":["m"]},{"name":"a","baseUrl":"http://y","models":["m"]}]' }, 'unique'],
    [{ TURNWISE_JUDGES: '[{"name":"a","baseUrl":"http://x","models":["m"],"apiKey":"sk-inline"}]' }, 'apiKeyEnv'],
  ])('rejects bad configuration %j with a CONFIG error naming %s', (env, expected) => {
    const error = configError(env);
    expect(error.code).toBe('CONFIG');
    expect(error.message).toContain(expected);
    expect(error.message).not.toContain('sk-inline');
  });

  it('reads attempts, the retry budget and per-connection rpm/tpm, naming a bad value', () => {
    const config = loadJudgeConfig({
      TURNWISE_JUDGE_ATTEMPTS: '5',
      TURNWISE_JUDGE_RETRY_BUDGET_S: '90',
      TURNWISE_JUDGE_RPM: '500',
      TURNWISE_JUDGES: JSON.stringify([{ name: 'local', baseUrl: 'http://127.0.0.1:1/v1', models: ['m'], rpm: 2400, tpm: 90000 }]),
    });
    expect(config.attempts).toBe(5);
    expect(config.retryBudgetMs).toBe(90_000);
    expect(config.openai).toMatchObject({ rpm: 500, tpm: null });
    expect(config.judges[0]).toMatchObject({ rpm: 2400, tpm: 90000 });
    const defaults = loadJudgeConfig({});
    expect(defaults.attempts).toBe(3);
    expect(defaults.retryBudgetMs).toBe(300_000);
    expect(configError({ TURNWISE_JUDGE_ATTEMPTS: '0' }).message).toMatch(/^TURNWISE_JUDGE_ATTEMPTS: /);
    expect(
      configError({ TURNWISE_JUDGES: JSON.stringify([{ name: 'local', baseUrl: 'http://127.0.0.1:1/v1', models: ['m'], rpm: 'fast' }]) }).message,
    ).toBe('TURNWISE_JUDGES[0].rpm: must be a number');
  });

  it('lists judges for the UI without keys or URLs', () => {
    const config = loadJudgeConfig({
      OPENAI_API_KEY: 'sk-main-secret',
      LOCAL_KEY: 'sk-local-secret',
      TURNWISE_JUDGES: JSON.stringify([
        { name: 'local', baseUrl: 'http://127.0.0.1:9/v1', apiKeyEnv: 'LOCAL_KEY', models: ['qwen3', 'llama3.1'], defaultModel: 'llama3.1' },
        { name: 'ollama', baseUrl: 'http://127.0.0.1:11434/v1', models: ['llama3.1'] },
        { name: 'missing', baseUrl: 'http://127.0.0.1:8000/v1', apiKeyEnv: 'UNSET_KEY', models: ['m'] },
      ]),
    });

    const judges = listJudges(config);

    expect(judges.map(({ name, kind, defaultModel, hasKey, available }) => ({ name, kind, defaultModel, hasKey, available }))).toEqual([
      { name: 'offline', kind: 'offline', defaultModel: expect.any(String), hasKey: false, available: true },
      { name: 'openai', kind: 'openai', defaultModel: 'gpt-4.1', hasKey: true, available: true },
      { name: 'local', kind: 'openai', defaultModel: 'llama3.1', hasKey: true, available: true },
      { name: 'ollama', kind: 'openai', defaultModel: 'llama3.1', hasKey: false, available: true },
      { name: 'missing', kind: 'openai', defaultModel: 'm', hasKey: false, available: false },
    ]);
    const text = JSON.stringify(judges);
    expect(text).not.toContain('secret');
    expect(text).not.toContain('127.0.0.1');
  });

  it('sends each key only to its own endpoint', async () => {
    const main = await startJudgeServer({ handler: ok });
    const local = await startJudgeServer({ handler: ok });
    const keyless = await startJudgeServer({ handler: ok });
    servers.push(main, local, keyless);
    // Variables of the process must not leak into judges configured from a record.
    vi.stubEnv('OPENAI_API_KEY', 'sk-process');
    vi.stubEnv('OPENAI_BASE_URL', main.url);
    const config = loadJudgeConfig({
      OPENAI_API_KEY: 'sk-main',
      OPENAI_BASE_URL: main.url,
      LOCAL_KEY: 'sk-local',
      TURNWISE_JUDGES: JSON.stringify([
        { name: 'local', baseUrl: local.url, apiKeyEnv: 'LOCAL_KEY', models: ['qwen3'] },
        { name: 'keyless', baseUrl: keyless.url, models: ['llama3.1'] },
      ]),
    });

    await createJudge({ kind: 'openai' }, config).call(request);
    await createJudge({ kind: 'openai', name: 'local' }, config).call(request);
    await createJudge({ kind: 'openai', name: 'keyless', model: 'llama3.1:70b' }, config).call(request);

    expect(main.requests.map((r) => r.headers.authorization)).toEqual(['Bearer sk-main']);
    expect(local.requests.map((r) => r.headers.authorization)).toEqual(['Bearer sk-local']);
    expect(keyless.requests.map((r) => r.headers.authorization)).toEqual([undefined]);
    expect(local.requests[0].body.model).toBe('qwen3');
    expect(keyless.requests[0].body.model).toBe('llama3.1:70b');
    for (const server of [main, local, keyless]) {
      const headers = JSON.stringify(server.requests.map((r) => r.headers));
      expect(headers).not.toContain('sk-process');
      expect(server.requests[0].headers).not.toHaveProperty('openai-organization');
    }
  });

  it('creates cached judges with the configured concurrency', async () => {
    const server = await startJudgeServer({ handler: ok, latencyMs: 30 });
    servers.push(server);
    const config = loadJudgeConfig({ OPENAI_API_KEY: 'sk-main', OPENAI_BASE_URL: server.url, TURNWISE_JUDGE_CONCURRENCY: '2' });
    const judge = createJudge({ kind: 'openai' }, config, { cache: createMemoryJudgeCache() });

    const requests = Array.from({ length: 6 }, (_, i) => ({ ...request, messages: [{ role: 'user' as const, content: `q${i}` }] }));
    await Promise.all(requests.map((r) => judge.call(r)));
    await Promise.all(requests.map((r) => judge.call(r)));

    expect(server.requests).toHaveLength(6);
    expect(server.maxInFlight).toBe(2);
    expect(judge.usage()).toMatchObject({ calls: 6, cacheHits: 6 });
  });

  it('refuses unknown judges and judges whose key is missing', () => {
    const config = loadJudgeConfig({
      TURNWISE_JUDGES: JSON.stringify([{ name: 'vllm', baseUrl: 'http://127.0.0.1:8000/v1', apiKeyEnv: 'VLLM_KEY', models: ['m'] }]),
    });
    expect(() => createJudge({ kind: 'openai', name: 'nope' }, config)).toThrow(/Unknown judge "nope"/);
    expect(() => createJudge({ kind: 'openai', name: 'vllm' }, config)).toThrow(expect.objectContaining({ code: 'CONFIG', message: expect.stringContaining('VLLM_KEY') }));
    expect(() => createJudge({ kind: 'openai' }, config)).toThrow(expect.objectContaining({ code: 'CONFIG', message: expect.stringContaining('OPENAI_API_KEY') }));
  });

  it('creates the offline judge', async () => {
    const judge = createJudge({ kind: 'offline' }, loadJudgeConfig({}));
    expect(judge.kind).toBe('offline');
    const reply = await judge.call(request);
    expect(typeof reply.output.reason).toBe('string');
  });
});
