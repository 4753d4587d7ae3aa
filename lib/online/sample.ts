import { createHash } from 'node:crypto';

/**
 * Whether a conversation is in a sample of `percent` %: a hash of its id, so the same
 * conversation is always in or always out, and one in at 10 % is also in at 20 %.
 */
export function inSample(conversationId: string, percent: number): boolean {
  if (percent >= 100) return true;
  if (percent <= 0) return false;
  const bucket = createHash('sha256').update(conversationId, 'utf8').digest().readUInt32BE(0) / 0x1_0000_0000;
  return bucket * 100 < percent;
}

/** The UTC day of `at` as YYYY-MM-DD. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);
