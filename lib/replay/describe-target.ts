/** A stored target in a few words, for lists and headers: names only, never a key. */
export function describeStoredTarget(target: unknown): string {
  const t = (target ?? {}) as { kind?: string; url?: string; model?: string; baseUrl?: string; connection?: string };
  if (t.kind === 'http') return `app at ${t.url ?? '?'}`;
  return `${t.model ?? '?'} at ${t.connection ? `connection ${t.connection}` : (t.baseUrl ?? '?')}`;
}
