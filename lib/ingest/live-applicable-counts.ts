import type { Conversation } from '../domain';
import { addToProfile, readProfile, type ApplicabilityProfile } from '../metrics/applicability-profile';

/** A live conversation as its applicable-metrics counts see it: its user and assistant turns. */
export function liveConversationOf(
  externalId: string,
  pairs: readonly { user: string; assistant: string; retrieved: string[] | null; toolCalls: unknown }[],
): Conversation {
  return {
    externalId,
    turns: pairs.flatMap((pair) => [
      { role: 'user' as const, content: pair.user },
      {
        role: 'assistant' as const,
        content: pair.assistant,
        ...(pair.retrieved ? { retrievalContext: pair.retrieved } : {}),
        ...(Array.isArray(pair.toolCalls) ? { toolsCalled: pair.toolCalls } : {}),
      },
    ]),
  } as Conversation;
}

/**
 * A live dataset's counts after some of its conversations were written again: theirs before go,
 * theirs now come. Null when it has no counts yet (a live dataset made before they existed: the
 * next run started on it counts them).
 */
export function nextLiveCounts(stored: unknown, previous: Conversation[], written: Conversation[]): ApplicabilityProfile | null {
  const profile = readProfile(stored);
  if (!profile) return null;
  return addToProfile(addToProfile(profile, previous, -1), written);
}
