import { LongText } from '@/components/conversations/long-text';
import { ITEM_PREVIEW_CHARS, previewOf, type TurnTextSource } from '@/lib/conversations/text-preview';
import type { Conversation, Turn } from '@/lib/domain';
import { JsonBlock } from './json-block';

/*
 * A conversation rendered as a chat. Everything from the file is text: React escapes it, and
 * nothing here ever injects HTML, so markup or script in a conversation is shown, never run.
 * A stored conversation's long texts are sent as their start, the rest loaded on demand.
 */

/** Where the turn is stored; absent for a file not stored yet (the import preview), whose texts are shown whole. */
type Stored = { conversationId: string } | undefined;

function Text({ text, stored, source, limit }: { text: string; stored: Stored; source: Omit<TurnTextSource, 'conversationId'>; limit?: number }) {
  if (!stored) return <>{text}</>;
  return <LongText preview={previewOf(text, limit)} source={{ ...source, conversationId: stored.conversationId }} />;
}

function TextList({ items, stored, source }: { items: string[]; stored: Stored; source: Omit<TurnTextSource, 'conversationId' | 'item'> }) {
  return (
    <ol className="list-decimal space-y-1 pl-5">
      {items.map((item, i) => (
        <li key={i} className="whitespace-pre-wrap break-words">
          <Text text={item} stored={stored} source={{ ...source, item: i }} limit={ITEM_PREVIEW_CHARS} />
        </li>
      ))}
    </ol>
  );
}

function Extra({ label, children, open = false }: { label: string; children: React.ReactNode; open?: boolean }) {
  return (
    <details open={open} className="group rounded-md border border-slate-200 bg-slate-50/60 text-xs text-slate-700">
      <summary className="cursor-pointer select-none px-2 py-1 font-medium text-slate-600 hover:text-slate-900">{label}</summary>
      <div className="border-t border-slate-200 px-2 py-1.5">{children}</div>
    </details>
  );
}

function TurnBubble({ turn, index, stored }: { turn: Turn; index: number; stored: Stored }) {
  const user = turn.role === 'user';
  const extras = [
    turn.retrievalContext?.length ? (
      <Extra key="rc" label={`Retrieval context (${turn.retrievalContext.length})`}>
        <TextList items={turn.retrievalContext} stored={stored} source={{ turnIndex: index, part: 'retrievalContext' }} />
      </Extra>
    ) : null,
    turn.expectedOutput !== undefined ? (
      <Extra key="eo" label="Expected output" open>
        <p className="whitespace-pre-wrap break-words">
          <Text text={turn.expectedOutput} stored={stored} source={{ turnIndex: index, part: 'expectedOutput' }} />
        </p>
      </Extra>
    ) : null,
    turn.context?.length ? (
      <Extra key="cx" label={`Context (${turn.context.length})`}>
        <TextList items={turn.context} stored={stored} source={{ turnIndex: index, part: 'context' }} />
      </Extra>
    ) : null,
    turn.toolsCalled?.length ? (
      <Extra key="tc" label={`Tools called (${turn.toolsCalled.length})`}>
        <JsonBlock value={turn.toolsCalled} source={stored && { ...stored, turnIndex: index, part: 'toolsCalled' }} />
      </Extra>
    ) : null,
    turn.expectedTools?.length ? (
      <Extra key="et" label={`Expected tools (${turn.expectedTools.length})`}>
        <JsonBlock value={turn.expectedTools} source={stored && { ...stored, turnIndex: index, part: 'expectedTools' }} />
      </Extra>
    ) : null,
    turn.metadata && Object.keys(turn.metadata).length > 0 ? (
      <Extra key="md" label="Metadata">
        <JsonBlock value={turn.metadata} source={stored && { ...stored, turnIndex: index, part: 'metadata' }} />
      </Extra>
    ) : null,
  ].filter(Boolean);
  return (
    <li id={`turn-${index}`} className={`flex scroll-mt-20 ${user ? 'justify-end' : 'justify-start'}`} data-role={turn.role}>
      <div className={`w-full max-w-[85%] space-y-1.5 rounded-lg ${user ? 'items-end' : ''} [:target>&]:ring-2 [:target>&]:ring-indigo-500 [:target>&]:ring-offset-4`}>
        <div className={`flex items-center gap-2 text-xs ${user ? 'justify-end' : ''}`}>
          <span className={`font-semibold ${user ? 'text-indigo-700' : 'text-emerald-700'}`}>{user ? 'User' : 'Assistant'}</span>
          <span className="text-slate-400 tabular-nums">turn {index + 1}</span>
        </div>
        <div
          className={`rounded-lg px-3 py-2 text-sm leading-relaxed whitespace-pre-wrap break-words ${
            user ? 'bg-indigo-50 text-slate-900 ring-1 ring-indigo-100' : 'border border-slate-200 bg-white text-slate-900 shadow-sm'
          }`}
        >
          {turn.content === '' ? <span className="text-slate-400 italic">(empty message)</span> : <Text text={turn.content} stored={stored} source={{ turnIndex: index, part: 'content' }} />}
        </div>
        {extras.length > 0 ? <div className="space-y-1">{extras}</div> : null}
      </div>
    </li>
  );
}

/** The turns of a conversation, user on the right, assistant on the left, extras collapsible. */
export function ChatTranscript({ turns, offset = 0, conversationId }: { turns: Conversation['turns']; offset?: number; conversationId?: string }) {
  const stored: Stored = conversationId ? { conversationId } : undefined;
  if (turns.length === 0) return <p className="text-sm text-slate-500">This conversation has no turns.</p>;
  return (
    <ol className="space-y-4" aria-label="Conversation turns" start={offset + 1}>
      {turns.map((turn, i) => (
        <TurnBubble key={offset + i} turn={turn} index={offset + i} stored={stored} />
      ))}
    </ol>
  );
}
