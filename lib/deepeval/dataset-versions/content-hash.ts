import { createHash, type Hash } from 'node:crypto';
import type { Conversation } from '../../domain';

/** A running sha256 of conversations in order (the same conversations, built the same way, give the same hash). */
export function conversationHasher(): { add(c: Conversation): void; digest(): string } {
  const hash: Hash = createHash('sha256');
  return {
    add(c) {
      hash.update(JSON.stringify(c));
      hash.update('\n');
    },
    digest: () => hash.digest('hex'),
  };
}
