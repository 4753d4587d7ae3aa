'use client';

import { useState, useTransition } from 'react';
import { loadTurnTextAction } from '@/lib/actions/turn-text';
import { sizeLabel, type TextPreview, type TextSource } from '@/lib/conversations/text-preview';

/**
 * A turn's text (or a conversation's field) as the page sent it: whole when short, else its start
 * with a button that loads the rest from the server. `shown` replaces the start (a word diff of it) until then.
 */
export function LongText({ preview, source, shown, boxClassName }: { preview: TextPreview; source: TextSource; shown?: React.ReactNode; boxClassName?: string }) {
  const [full, setFull] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  // With a box (a scrolling <pre> for JSON), the text goes in it and the button below it, in sight.
  const box = (text: React.ReactNode) => (boxClassName ? <pre className={boxClassName}>{text}</pre> : text);
  if (full !== null) return <>{box(full)}</>;
  if (!preview.cut) return <>{box(shown ?? preview.text)}</>;
  const load = () =>
    startTransition(async () => {
      setError(null);
      const answer = await loadTurnTextAction(source);
      if (answer.ok && answer.text !== undefined) setFull(answer.text);
      else setError(answer.message ?? 'The text could not be loaded.');
    });
  return (
    <>
      {box(
        <>
          {shown ?? preview.text}
          <span className="text-slate-400">…</span>
        </>,
      )}
      <span className="mt-1 flex flex-wrap items-center gap-2 whitespace-normal">
        <button
          type="button"
          onClick={load}
          disabled={pending}
          className="rounded border border-slate-300 bg-white px-2 py-0.5 text-xs font-medium text-indigo-700 hover:bg-indigo-50 disabled:opacity-60"
        >
          {pending ? 'Loading…' : `Show all ${sizeLabel(preview.totalChars)}`}
        </button>
        <span className="text-xs text-slate-500">
          first {sizeLabel(preview.text.length)} of {sizeLabel(preview.totalChars)} shown
        </span>
        {error ? (
          <span role="alert" className="text-xs text-rose-700">
            {error}
          </span>
        ) : null}
      </span>
    </>
  );
}
