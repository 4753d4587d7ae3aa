/**
 * What a server action may send: Next's default `serverActions.bodySizeLimit` (1 MB). Over it,
 * Next stops reading but answers 500 with a generic error (its action handler has a TODO for
 * 413), so the proxy refuses first with a 413 whose text the browser shows.
 */
export const ACTION_BODY_MAX_BYTES = 1024 * 1024;

export const ACTION_TOO_LARGE_MESSAGE =
  'The form sent more than 1 MB, the most a form may send; nothing was saved. Shorten the text, or upload large data as a dataset file.';

// Exactly text/plain: Next's client shows the text of such an answer as the action's error.
const refusal = () => new Response(ACTION_TOO_LARGE_MESSAGE, { status: 413, headers: { 'content-type': 'text/plain', connection: 'close' } });

/** A 413 for a server action POST (header `next-action`) over the limit, else null: a declared length is trusted when it is over, a body without one is counted. */
export async function refuseLargeAction(request: Request, maxBytes = ACTION_BODY_MAX_BYTES): Promise<Response | null> {
  if (request.method !== 'POST' || !request.headers.has('next-action')) return null;
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) return refusal();
  if (declared !== null || !request.body) return null;
  // Chunked: Next has buffered the body for the proxy (up to proxyClientMaxBodySize); count a copy.
  const reader = request.clone().body!.getReader();
  let bytes = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return null;
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      // Not awaited: a tee'd copy's cancel settles only once the other copy is cancelled too.
      reader.cancel().catch(() => undefined);
      return refusal();
    }
  }
}
