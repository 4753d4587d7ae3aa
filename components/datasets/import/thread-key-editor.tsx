'use client';

import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';

const FILE_ORDER = '';

function FieldSelect({ label, value, onChange, fields, children }: { label: string; value: string; onChange: (value: string) => void; fields: string[]; children: React.ReactNode }) {
  return (
    <label className="block space-y-1 text-sm">
      <span className="font-medium text-slate-800">{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)} className="w-full rounded border border-slate-300 bg-white px-1.5 py-1 font-mono text-xs">
        {children}
        {fields.map((k) => (
          <option key={k} value={k}>
            {k}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * A chat log's two choices: the field that groups messages into conversations (thread_id,
 * session_id… or one the file names otherwise) and the field that orders them (a time or an
 * index; the file's order when none). Applying reads the file again, and the import sends them.
 */
export function ThreadKeyEditor({
  keys,
  threadKey,
  orderBy,
  onApply,
  busy,
}: {
  /** The fields of the file's first message. */
  keys: string[];
  threadKey: string | null;
  orderBy: string | null;
  onApply: (choice: { threadKey?: string; orderBy?: string }) => void;
  busy: boolean;
}) {
  const [draft, setDraft] = useState({ threadKey: threadKey ?? '', orderBy: orderBy ?? FILE_ORDER });
  useEffect(() => setDraft({ threadKey: threadKey ?? '', orderBy: orderBy ?? FILE_ORDER }), [threadKey, orderBy]);
  const changed = draft.threadKey !== (threadKey ?? '') || draft.orderBy !== (orderBy ?? FILE_ORDER);
  const options = [...new Set([...(threadKey ? [threadKey] : []), ...(orderBy ? [orderBy] : []), ...keys])];
  return (
    <section aria-label="Thread key" className="space-y-3">
      <div>
        <h3 className="text-sm font-semibold text-slate-800">Conversations</h3>
        <p className="text-xs text-slate-500">
          Each line is one message. Messages with the same value of the first field make one conversation, in the order of the second.
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <FieldSelect label="Group messages by" value={draft.threadKey} onChange={(threadKey) => setDraft({ ...draft, threadKey })} fields={options}>
          <option value="" disabled>
            choose a field…
          </option>
        </FieldSelect>
        <FieldSelect label="Order them by" value={draft.orderBy} onChange={(orderBy) => setDraft({ ...draft, orderBy })} fields={options}>
          <option value={FILE_ORDER}>a time field if any, else the file&apos;s order</option>
        </FieldSelect>
      </div>
      <Button variant="secondary" disabled={!changed || busy || draft.threadKey === ''} onClick={() => onApply({ threadKey: draft.threadKey, ...(draft.orderBy ? { orderBy: draft.orderBy } : {}) })}>
        Apply
      </Button>
    </section>
  );
}
