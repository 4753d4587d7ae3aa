import type { TargetMessage } from '../targets/target-types';

export interface SourceTurn {
  id: string;
  index: number;
  role: string;
  content: string;
}

/**
 * The messages before turn `index`: the recorded ones, with the assistant turns found in
 * `regenerated` (on-policy) in place of the recorded replies.
 */
export function historyBefore(turns: readonly SourceTurn[], index: number, regenerated?: ReadonlyMap<number, string>): TargetMessage[] {
  const messages: TargetMessage[] = [];
  for (const turn of turns) {
    if (turn.index >= index) break;
    const role = turn.role === 'assistant' ? 'assistant' : 'user';
    messages.push({ role, content: role === 'assistant' ? (regenerated?.get(turn.index) ?? turn.content) : turn.content });
  }
  return messages;
}
