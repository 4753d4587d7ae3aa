import OpenAI from 'openai';
import { boundedFetch, ERROR_BODY_LIMIT } from '../llm/bounded-fetch';
import type { JudgeEndpoint } from '../judge/config';
import { redactSecrets } from '../redact-secrets';
import { egressErrorOf, egressFetch, OPERATOR_POLICY, type EgressPolicy } from '../llm/egress';

export interface ConnectionTestResult {
  ok: boolean;
  model: string;
  /** The model's reply, or what went wrong. */
  message: string;
  ms: number;
}

/** Characters of the endpoint's answer Test shows: enough for a provider's message, too few to read a page through it. */
export const TEST_EXCERPT_CHARS = 200;

/**
 * One small chat request (a few tokens) to the endpoint's first model. Only admins see the
 * result: the reply, or the status with a short excerpt of the error answer, the key and
 * any other configured secret taken out.
 */
export async function testConnection(endpoint: JudgeEndpoint, { timeoutMs = 20_000, egress = OPERATOR_POLICY }: { timeoutMs?: number; egress?: EgressPolicy } = {}): Promise<ConnectionTestResult> {
  const model = endpoint.defaultModel;
  const client = new OpenAI({
    apiKey: endpoint.apiKey ?? 'no-key',
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    baseURL: endpoint.baseURL,
    maxRetries: 0,
    timeout: timeoutMs,
    fetch: boundedFetch({}, egressFetch(egress)),
  });
  const started = Date.now();
  // Redacted before it is cut, so a key that straddles the cut is still taken out whole.
  const excerpt = (text: string) => redactSecrets(text.slice(0, ERROR_BODY_LIMIT), [endpoint.apiKey]).slice(0, TEST_EXCERPT_CHARS);
  try {
    const reply = await client.chat.completions.create({
      model,
      messages: [{ role: 'user', content: 'Reply with the single word: OK' }],
      max_tokens: 5,
      temperature: 0,
    });
    const text = reply.choices[0]?.message?.content?.trim() ?? '';
    return { ok: true, model, message: text === '' ? '(an empty reply)' : excerpt(text), ms: Date.now() - started };
  } catch (error) {
    const refused = egressErrorOf(error);
    if (refused) return { ok: false, model, message: redactSecrets(refused.message, [endpoint.apiKey]), ms: Date.now() - started };
    const status = error instanceof OpenAI.APIError && error.status ? `HTTP ${error.status}: ` : '';
    return { ok: false, model, message: `${status}${excerpt((error as Error).message)}`, ms: Date.now() - started };
  }
}
