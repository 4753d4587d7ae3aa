import { TurnMessage, type StoredTurn } from '@/components/conversations/turn-message';
import type { Conversation } from '@/lib/domain';

/** The turns of a conversation as a chat (TurnMessage: user on the right, assistant on the left, fields collapsible). */
export function ChatTranscript({ turns, offset = 0, conversationId }: { turns: Conversation['turns']; offset?: number; conversationId?: string }) {
  const stored: StoredTurn = conversationId ? { conversationId } : undefined;
  if (turns.length === 0) return <p className="text-sm text-slate-500">This conversation has no turns.</p>;
  return (
    <ol className="space-y-4" aria-label="Conversation turns" start={offset + 1}>
      {turns.map((turn, i) => (
        <li key={offset + i} id={`turn-${offset + i}`} className="scroll-mt-20 rounded-lg [&:target]:ring-2 [&:target]:ring-indigo-500 [&:target]:ring-offset-4" data-role={turn.role}>
          <TurnMessage turn={turn} index={offset + i} stored={stored} />
        </li>
      ))}
    </ol>
  );
}
