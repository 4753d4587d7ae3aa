import { MAX_TARGET_REPLY_BYTES, TargetError } from './target-types';

/**
 * A response body as text, refused once it passes `maxBytes`: the read stops there (the rest
 * is never buffered), so a target that sends 5 MB costs 1 MB at most.
 */
export async function readBoundedText(response: Response, where: string, maxBytes = MAX_TARGET_REPLY_BYTES): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new TargetError(`${where} sent a reply of ${declared} bytes, over the ${maxBytes}-byte limit`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new TargetError(`${where} sent a reply over the ${maxBytes}-byte limit`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * fetch, with every response body read under the bound first: the openai client then parses
 * at most `maxBytes`. A body over it fails the request with a TargetError.
 */
export function boundedFetch(where: string, maxBytes = MAX_TARGET_REPLY_BYTES): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const text = await readBoundedText(response, where, maxBytes);
    return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
