import type { ReactNode } from 'react';
import { LongText } from '@/components/conversations/long-text';
import { JsonBlock } from './json-block';
import { ITEM_PREVIEW_CHARS, previewOf, type TurnTextSource } from '@/lib/conversations/text-preview';

/*
 * One turn of a conversation as every page draws it (the import preview, the dataset's
 * conversation view, a run's conversation view): the user on the right and the assistant on the
 * left, as a chat, with the turn's fields collapsible under its message. Everything from the file
 * is text: React escapes it, and nothing here injects HTML. A stored turn's long texts are sent
 * as their start, the rest loaded on demand.
 */

/** What a page knows of a turn; a file not stored yet may carry every field, a run's view the ones it scores. */
export interface MessageTurn {
  role: string;
  content: string;
  retrievalContext?: string[];
  context?: string[];
  expectedOutput?: string | null;
  toolsCalled?: unknown[];
  expectedTools?: unknown[];
  metadata?: Record<string, unknown>;
}

/** Where the turn is stored; absent for a file not stored yet (the import preview), whose texts are shown whole. */
export type StoredTurn = { conversationId: string } | undefined;

function Text({ text, stored, source, limit }: { text: string; stored: StoredTurn; source: Omit<TurnTextSource, 'conversationId'>; limit?: number }) {
  if (!stored) return <>{text}</>;
  return <LongText preview={previewOf(text, limit)} source={{ ...source, conversationId: stored.conversationId }} />;
}

function TextList({ items, stored, source }: { items: string[]; stored: StoredTurn; source: Omit<TurnTextSource, 'conversationId' | 'item'> }) {
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

function Extra({ label, children, open = false, testId }: { label: string; children: ReactNode; open?: boolean; testId?: string }) {
  return (
    <details open={open} className="group rounded-md border border-slate-200 bg-slate-50/60 text-xs text-slate-700" data-testid={testId}>
      <summary className="cursor-pointer select-none px-2 py-1 font-medium text-slate-600 hover:text-slate-900">{label}</summary>
      <div className="border-t border-slate-200 px-2 py-1.5">{children}</div>
    </details>
  );
}

interface Props {
  turn: MessageTurn;
  /** 0-based index in the conversation; shown from 1. */
  index: number;
  stored: StoredTurn;
  /** Shown after the turn number (a run's "failing turn" marker). */
  badge?: ReactNode;
  /**
   * Wraps the retrieval context (a run's view puts the verdicts on what was retrieved there);
   * given the retrieval context's own collapsible block, or null when the turn has none.
   */
  retrieval?: (block: ReactNode) => ReactNode;
}

/** A turn's role, number, message and fields. */
export function TurnMessage({ turn, index, stored, badge, retrieval }: Props) {
  const user = turn.role === 'user';
  const retrievalBlock = turn.retrievalContext?.length ? (
    <Extra label={`Retrieval context (${turn.retrievalContext.length})`} testId={`retrieval-${index}`}>
      <TextList items={turn.retrievalContext} stored={stored} source={{ turnIndex: index, part: 'retrievalContext' }} />
    </Extra>
  ) : null;
  const extras = [
    retrieval ? <div key="rc">{retrieval(retrievalBlock)}</div> : retrievalBlock ? <div key="rc">{retrievalBlock}</div> : null,
    turn.expectedOutput !== undefined && turn.expectedOutput !== null ? (
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
    <div className={`flex ${user ? 'justify-end' : 'justify-start'}`}>
      <div className="w-full max-w-[85%] space-y-1.5">
        <div className={`flex flex-wrap items-center gap-2 text-xs ${user ? 'justify-end' : ''}`}>
          <span className={`font-semibold ${user ? 'text-indigo-700' : 'text-emerald-700'}`}>{user ? 'User' : 'Assistant'}</span>
          <span className="text-slate-400 tabular-nums">turn {index + 1}</span>
          {badge}
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
    </div>
  );
}
