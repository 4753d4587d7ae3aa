import { createHash } from 'node:crypto';
import type { Turn } from '../domain';

/**
 * What a metric read when it judged a turn: the conversation up to and including it, with the
 * turn's own retrieval context, context and expected output. A label is bound to this hash, so an
 * edited reply (or an earlier turn changed) is another turn to review.
 */
export function turnContentHash(turns: readonly Turn[], index: number): string {
  const read = turns.slice(0, index + 1).map((t) => [t.role, t.content, t.retrievalContext ?? null, t.context ?? null, t.expectedOutput ?? null]);
  return createHash('sha256').update(JSON.stringify(read)).digest('hex');
}
