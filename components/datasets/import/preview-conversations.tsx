import type { Conversation } from '@/lib/domain';
import { ChatTranscript } from '../chat-transcript';
import { ConversationFields } from '../conversation-fields';
import { formatCount } from '../format-labels';
import { titleOf } from '@/lib/conversations/text-preview';

const title = (c: Conversation, i: number) => titleOf(c.name ?? c.externalId ?? c.scenario ?? `Conversation ${i + 1}`);

/** The first conversations of the file as they will be stored, each as a chat. */
export function PreviewConversations({ conversations, total, done }: { conversations: Conversation[]; total: number; done: boolean }) {
  return (
    <section aria-label="Preview" className="space-y-3">
      <h2 className="text-lg font-semibold">
        Preview <span className="text-sm font-normal text-slate-500">first {conversations.length} of {formatCount(total)}{done ? '' : '+'}</span>
      </h2>
      <div className="space-y-3">
        {conversations.map((c, i) => (
          <details key={i} open={i < 2} className="rounded-lg border border-slate-200 bg-white shadow-sm">
            <summary className="cursor-pointer px-4 py-2.5 text-sm font-medium text-slate-800 select-none">
              <span className="break-words">{title(c, i)}</span> <span className="font-normal text-slate-500">· {c.turns.length} turns</span>
            </summary>
            <div className="space-y-4 border-t border-slate-100 px-4 py-3">
              <ConversationFields conversation={c} />
              <ChatTranscript turns={c.turns} />
            </div>
          </details>
        ))}
      </div>
    </section>
  );
}
