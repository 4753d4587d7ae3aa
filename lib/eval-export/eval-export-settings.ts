import { AppError } from '../errors';

export interface EvalExportSettings {
  /** The OTLP/HTTP logs URL events are sent to. */
  url: string;
  headers: Record<string, string>;
}

/**
 * TURNWISE_EVAL_EXPORT_OTLP_ENDPOINT (a base URL as OTEL_EXPORTER_OTLP_ENDPOINT: /v1/logs is added
 * unless it is there) and TURNWISE_EVAL_EXPORT_OTLP_HEADERS (`key=value,key2=value2`, values
 * percent-decoded, as OTEL_EXPORTER_OTLP_HEADERS); null when no endpoint is set. CONFIG naming
 * the variable when either is malformed.
 */
export function evalExportSettings(env: Record<string, string | undefined>): EvalExportSettings | null {
  const raw = env.TURNWISE_EVAL_EXPORT_OTLP_ENDPOINT?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('CONFIG', `TURNWISE_EVAL_EXPORT_OTLP_ENDPOINT is not a URL: ${raw}`, { field: 'TURNWISE_EVAL_EXPORT_OTLP_ENDPOINT' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AppError('CONFIG', `TURNWISE_EVAL_EXPORT_OTLP_ENDPOINT must be http or https: ${raw}`, { field: 'TURNWISE_EVAL_EXPORT_OTLP_ENDPOINT' });
  }
  if (!url.pathname.endsWith('/v1/logs')) url.pathname = `${url.pathname.replace(/\/+$/, '')}/v1/logs`;
  const headers: Record<string, string> = {};
  for (const [i, pair] of (env.TURNWISE_EVAL_EXPORT_OTLP_HEADERS ?? '').split(',').entries()) {
    if (!pair.trim()) continue;
    const at = pair.indexOf('=');
    const key = at > 0 ? pair.slice(0, at).trim() : '';
    if (!key) throw new AppError('CONFIG', `TURNWISE_EVAL_EXPORT_OTLP_HEADERS: entry ${i + 1} is not key=value`, { field: 'TURNWISE_EVAL_EXPORT_OTLP_HEADERS' });
    try {
      headers[key] = decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      throw new AppError('CONFIG', `TURNWISE_EVAL_EXPORT_OTLP_HEADERS: the value of ${key} is not percent-encoded text`, { field: 'TURNWISE_EVAL_EXPORT_OTLP_HEADERS' });
    }
  }
  return { url: url.href, headers };
}
