import type { z } from 'zod';

/**
 * Every issue of a refused replay request, keyed by the path of its field ("target.baseUrl",
 * "evaluate.metrics"), for the form to show each beside its input. Unknown keys name the key.
 */
export function replayFieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    let path = issue.path.map(String);
    if (issue.code === 'unrecognized_keys' && issue.keys.length > 0) path = [...path, issue.keys[0]];
    (out[path.join('.') || 'form'] ??= []).push(issue.message);
  }
  return out;
}
