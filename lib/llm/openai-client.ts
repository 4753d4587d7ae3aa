import OpenAI from 'openai';

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * The openai SDK's client on one endpoint, as the judge and the replay targets use it: the SDK's
 * own retries are off (the transport retries, through the shared limiter), and every credential
 * is passed explicitly (null, not undefined) so the SDK never falls back to OPENAI_* variables of
 * the process: a key goes only to the endpoint it was configured for. `fetch` carries the egress
 * check and the bound on what is read.
 */
export function createOpenAIClient(options: { baseURL: string; apiKey: string | null; timeoutMs: number; fetch: Fetch }): OpenAI {
  return new OpenAI({
    apiKey: options.apiKey ?? 'no-key',
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    baseURL: options.baseURL,
    maxRetries: 0,
    timeout: options.timeoutMs,
    fetch: options.fetch,
    defaultHeaders: options.apiKey === null ? { Authorization: null } : undefined,
  });
}
