import type { Conversation } from '../domain';

/**
 * The key that matches the same conversation across runs and datasets: its external id,
 * else its name, else its scenario, else its first user message. Each source is prefixed
 * so that an id never collides with a message of the same text.
 */
export function conversationMatchKey(c: Conversation, position: number): string {
  const firstUser = c.turns.find((t) => t.role === 'user')?.content.trim();
  if (c.externalId?.trim()) return `id:${c.externalId.trim()}`;
  if (c.name?.trim()) return `name:${c.name.trim()}`;
  if (c.scenario?.trim()) return `scenario:${c.scenario.trim()}`;
  if (firstUser) return `first:${firstUser.slice(0, 500)}`;
  return `position:${position}`;
}
