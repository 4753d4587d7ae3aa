import OpenAI from 'openai';
import type { JudgeEndpoint } from '../judge/config';

export interface ConnectionTestResult {
  ok: boolean;
  model: string;
  /** The model's reply, or what went wrong. */
  message: string;
  ms: number;
}

/** One small chat request (a few tokens) to the endpoint's first model; the answer or the error is shown as is. */
export async function testConnection(endpoint: JudgeEndpoint, { timeoutMs = 20_000 }: { timeoutMs?: number } = {}): Promise<ConnectionTestResult> {
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
  });
  const started = Date.now();
  try {
    const reply = await client.chat.completions.create({
      model,
      messages: [{ role: 'user', content: 'Reply with the single word: OK' }],
      max_tokens: 5,
      temperature: 0,
    });
    const text = reply.choices[0]?.message?.content?.trim() ?? '';
    return { ok: true, model, message: text === '' ? '(an empty reply)' : text.slice(0, 200), ms: Date.now() - started };
  } catch (error) {
    const status = error instanceof OpenAI.APIError && error.status ? `HTTP ${error.status}: ` : '';
    return { ok: false, model, message: `${status}${(error as Error).message}`.slice(0, 300), ms: Date.now() - started };
  }
}
