import { loadConnectionEndpoints } from '../../connections/connection-store';
import type { Db } from '../../db/db-types';
import { countAllUsers } from '../../db/queries/users/count-users';
import { AppError } from '../../errors';
import { adminPolicy, egressPolicy, readEgressSettings, type EgressPolicy } from '../../llm/egress';
import { registerSecret } from '../../redact-secrets';
import type { ReplayTarget } from '../replay-request';
import { createHttpTarget } from './http-target';
import { createOpenAITarget } from './openai-target';
import { targetRetryPolicy, type RetryPolicy } from '../../llm/send-with-retries';
import type { ReplayTargetClient } from './target-types';

type Env = Record<string, string | undefined>;

/** Who set a replay's target URL: an admin (or the operator, through the CLI), or an editor. */
export type UrlSetBy = 'admin' | 'editor';

/**
 * A variable's value, or a CONFIG error naming it and the field that named it. The value is a
 * secret from here on: redacted from every error and log, as the judges' keys are.
 */
function secretFrom(env: Env, name: string, field: string): string {
  const value = env[name]?.trim();
  if (!value) throw new AppError('CONFIG', `${field}: the environment variable ${name} is not set on this server`, { field, variable: name });
  registerSecret(value);
  return value;
}

/** Every TARGET_ variable is a secret a replay may send: each is redacted wherever an error or a reply is stored or logged. */
function registerTargetSecrets(env: Env): void {
  for (const [name, value] of Object.entries(env)) if (name.startsWith('TARGET_')) registerSecret(value);
}

/**
 * What the target's URL may reach. A stored connection is an admin's; a base URL or an app URL
 * is whoever started the replay's, an editor's reaching loopback and private addresses only
 * where the settings let editors (lib/llm/egress/egress-policy.ts).
 */
export async function targetEgressPolicy(db: Db, target: ReplayTarget, env: Env, setBy: UrlSetBy, lookup?: EgressPolicy['lookup']): Promise<EgressPolicy> {
  const settings = readEgressSettings(env);
  const fromAdmin = setBy === 'admin' || (target.kind === 'openai' && Boolean(target.connection));
  const users = !fromAdmin && settings.privateAccess === 'auto' && settings.loopbackOnly ? await countAllUsers(db) : Number.POSITIVE_INFINITY;
  const policy = fromAdmin ? adminPolicy(settings) : egressPolicy(settings, 'editor', users);
  return lookup ? { ...policy, lookup } : policy;
}

export interface CreateTargetOptions {
  /** Replaces the retry policy of TURNWISE_TARGET_RETRY_BUDGET_S (tests). */
  retries?: RetryPolicy;
  /** The turns the replay sends at once, where the shared limiter's window starts. */
  concurrency?: number;
  /** Who set the URL; an editor when not known. */
  setBy?: UrlSetBy;
  /** Replaces the DNS lookup of the egress check (tests). */
  lookup?: EgressPolicy['lookup'];
}

/**
 * The client of a replay's target, with its secret read where the target says: a stored
 * connection (its key decrypted), or an environment variable of this process. Called by the
 * worker for each piece of work, and once when the replay is asked for, to refuse a target
 * that cannot be reached with a key. Every request goes through the egress policy of whoever
 * set the URL (checked again at each connection).
 */
export async function createTarget(db: Db, projectId: string, target: ReplayTarget, env: Env, options: CreateTargetOptions = {}): Promise<ReplayTargetClient> {
  const { concurrency } = options;
  registerTargetSecrets(env);
  const retries = options.retries ?? targetRetryPolicy(env);
  const egress = await targetEgressPolicy(db, target, env, options.setBy ?? 'editor', options.lookup);
  if (target.kind === 'http') {
    return createHttpTarget({ url: target.url, secret: target.secretEnv ? secretFrom(env, target.secretEnv, 'target.secretEnv') : null, timeoutMs: target.timeoutMs, retries, concurrency, egress });
  }
  const generation = { model: target.model, systemPrompt: target.systemPrompt, temperature: target.temperature, maxTokens: target.maxTokens, extraBody: target.extraBody, retries, concurrency, egress };
  if (target.connection) {
    const endpoint = (await loadConnectionEndpoints(db, projectId, env)).find((e) => e.name === target.connection);
    if (!endpoint) throw new AppError('BAD_INPUT', `target.connection: no stored connection is named "${target.connection}"`, { field: 'target.connection' });
    return createOpenAITarget({ ...generation, baseURL: endpoint.baseURL ?? 'https://api.openai.com/v1', apiKey: endpoint.apiKey, limits: { rpm: endpoint.rpm, tpm: endpoint.tpm } });
  }
  return createOpenAITarget({ ...generation, baseURL: target.baseUrl!, apiKey: target.apiKeyEnv ? secretFrom(env, target.apiKeyEnv, 'target.apiKeyEnv') : null });
}

/** The field and URL of a target that a user typed (a connection's URL is checked where the admin saves it). */
export function typedUrlOf(target: ReplayTarget): { field: string; url: string } | null {
  if (target.kind === 'http') return { field: 'target.url', url: target.url };
  return target.baseUrl ? { field: 'target.baseUrl', url: target.baseUrl } : null;
}
