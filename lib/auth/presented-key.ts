import { bearerToken } from './authenticate';

/**
 * The key a deepeval client presents: Python sends `CONFIDENT-API-KEY`, the TypeScript client
 * `CONFIDENT_API_KEY` (an underscore, which some proxies drop), deepeval's OpenTelemetry exporters
 * `x-confident-api-key`; anything else may send `Authorization: Bearer`. Null when none is sent.
 */
export function presentedKey(headers: Headers): string | null {
  for (const name of ['confident-api-key', 'confident_api_key', 'x-confident-api-key']) {
    const value = headers.get(name)?.trim();
    if (value) return value;
  }
  return bearerToken(headers);
}
