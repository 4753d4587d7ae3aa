import type { Conversation } from '../../domain';
import type { LandedScore } from './pieces';

// Beside the conversation object rather than in it: a score is not part of the dataset.
const scores = new WeakMap<Conversation, LandedScore[]>();

export function attachScores(conversation: Conversation, landed: LandedScore[]): void {
  if (landed.length > 0) scores.set(conversation, landed);
}

/** The scores another tool gave a conversation the parser handed over (none for most formats). */
export const peerScoresOf = (conversation: Conversation): LandedScore[] => scores.get(conversation) ?? [];
