import { loadConnectionEndpoints } from '../../connections/connection-store';
import type { Db } from '../../db/db-types';
import { AppError } from '../../errors';
import type { ReplayTarget } from '../replay-request';
import { createHttpTarget } from './http-target';
import { createOpenAITarget } from './openai-target';
import type { RetryPolicy } from './send-with-retries';
import type { ReplayTargetClient } from './target-types';

type Env = Record<string, string | undefined>;

/** A variable's value, or a CONFIG error naming it and the field that named it. */
function secretFrom(env: Env, name: string, field: string): string {
  const value = env[name]?.trim();
  if (!value) throw new AppError('CONFIG', `${field}: the environment variable ${name} is not set on this server`, { field, variable: name });
  return value;
}

/**
 * The client of a replay's target, with its secret read where the target says: a stored
 * connection (its key decrypted), or an environment variable of this process. Called by the
 * worker for each piece of work, and once when the replay is asked for, to refuse a target
 * that cannot be reached with a key. `concurrency`: the turns the replay sends at once, where
 * the shared limiter's window starts.
 */
export async function createTarget(db: Db, target: ReplayTarget, env: Env, options: { retries?: RetryPolicy; concurrency?: number } = {}): Promise<ReplayTargetClient> {
  const { retries, concurrency } = options;
  if (target.kind === 'http') {
    return createHttpTarget({ url: target.url, secret: target.secretEnv ? secretFrom(env, target.secretEnv, 'target.secretEnv') : null, timeoutMs: target.timeoutMs, retries, concurrency });
  }
  const generation = { model: target.model, systemPrompt: target.systemPrompt, temperature: target.temperature, maxTokens: target.maxTokens, extraBody: target.extraBody, retries, concurrency };
  if (target.connection) {
    const endpoint = (await loadConnectionEndpoints(db, env)).find((e) => e.name === target.connection);
    if (!endpoint) throw new AppError('BAD_INPUT', `target.connection: no stored connection is named "${target.connection}"`, { field: 'target.connection' });
    return createOpenAITarget({ ...generation, baseURL: endpoint.baseURL ?? 'https://api.openai.com/v1', apiKey: endpoint.apiKey, limits: { rpm: endpoint.rpm, tpm: endpoint.tpm } });
  }
  return createOpenAITarget({ ...generation, baseURL: target.baseUrl!, apiKey: target.apiKeyEnv ? secretFrom(env, target.apiKeyEnv, 'target.apiKeyEnv') : null });
}
