import { randomBytes } from 'node:crypto';

const COUNTER_WIDTH = 8;

/**
 * Ids that sort in the order they are made: time (base 36), 8 random characters, then a counter.
 * Random ids (UUIDs) land all over a primary-key index, which makes a million-row import touch
 * every page of it; these land at its end. Unique across processes through the random part.
 */
export function createSequentialIds(): () => string {
  const prefix = `${Date.now().toString(36)}${randomBytes(6).toString('base64url').toLowerCase().replace(/[^a-z0-9]/g, '0').slice(0, 8)}`;
  let counter = 0;
  return () => {
    counter++;
    return `${prefix}${counter.toString(36).padStart(COUNTER_WIDTH, '0')}`;
  };
}
