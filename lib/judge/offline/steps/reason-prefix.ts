/** Every reason the offline judge writes starts with this, so no one takes it for an LLM. */
export const OFFLINE_PREFIX = '[offline heuristic judge] ';

export const OFFLINE_MODEL = 'offline-heuristic-v2';

export function offlineReason(text: string): string {
  return OFFLINE_PREFIX + text;
}

/** Quote a span of text in a reason, shortened so reasons stay readable. */
export function quote(text: string, max = 80): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return `"${t.length > max ? `${t.slice(0, max - 1)}…` : t}"`;
}
