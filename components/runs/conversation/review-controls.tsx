'use client';

import { useState, useTransition } from 'react';
import { reviewTurnAction, type ReviewInput } from '@/lib/actions/labels';

import type { ReviewState } from '@/lib/agreement/review-states';

interface Props {
  runId: string;
  conversationId: string;
  turnIndex: number;
  metric: string;
  title: string;
  /** The judge's verdict: yes, no, or one a person cannot agree with (idk, error). */
  judge: string;
  review: ReviewState;
}

const button = (pressed: boolean) =>
  `rounded border px-1.5 py-0.5 text-[11px] font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
    pressed ? 'border-indigo-600 bg-indigo-600 text-white' : 'border-slate-300 bg-white text-slate-600 hover:bg-slate-50'
  }`;

/** Agree or disagree with the judge's verdict on a turn (the opposite verdict), with an optional note; pressing again takes it back. */
export function ReviewControls({ runId, conversationId, turnIndex, metric, title, judge, review }: Props) {
  const [mine, setMine] = useState(review.mine);
  const [note, setNote] = useState(review.mine?.note ?? '');
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const binary = judge === 'yes' || judge === 'no';
  const save = (verdict: 'yes' | 'no' | null, withNote = note) => {
    const input: ReviewInput = { runId, conversationId, turnIndex, metric, verdict, ...(withNote.trim() ? { note: withNote } : {}) };
    start(async () => {
      const result = await reviewTurnAction(input);
      if (result.ok) {
        setMine(verdict === null ? null : { verdict, note: withNote.trim() || null });
        setError(null);
      } else setError(result.message ?? 'Not saved.');
    });
  };
  const choose = (verdict: 'yes' | 'no') => save(mine?.verdict === verdict ? null : verdict);
  const where = `${title} on turn ${turnIndex + 1}`;
  // The visible word starts the accessible name (WCAG 2.5.3); the turn it is about follows for screen readers.
  const options: { verdict: 'yes' | 'no'; label: string; rest: string; title: string }[] = binary
    ? [
        { verdict: judge as 'yes' | 'no', label: 'Agree', rest: ` with the judge: ${where}`, title: `Label it ${judge === 'yes' ? 'passing' : 'failing'}, as the judge did` },
        { verdict: judge === 'yes' ? 'no' : 'yes', label: 'Disagree', rest: ` with the judge: ${where}`, title: `Label it ${judge === 'yes' ? 'failing' : 'passing'}` },
      ]
    : [
        { verdict: 'yes', label: 'Pass', rest: `: ${where}`, title: 'Label it passing' },
        { verdict: 'no', label: 'Fail', rest: `: ${where}`, title: 'Label it failing' },
      ];
  return (
    <div className="mt-1 flex flex-wrap items-center gap-1.5" data-testid={`review-${turnIndex}-${metric}`} data-mine={mine?.verdict ?? ''}>
      {options.map((o) => (
        <button key={o.label} type="button" aria-pressed={mine?.verdict === o.verdict} title={o.title} disabled={pending} onClick={() => choose(o.verdict)} className={button(mine?.verdict === o.verdict)}>
          {o.label}
          <span className="sr-only">{o.rest}</span>
        </button>
      ))}
      {mine && (mine.verdict !== judge || note) ? (
        <input
          aria-label={`Note: ${where}`}
          value={note}
          placeholder="Why? (optional, Enter saves)"
          onChange={(e) => setNote(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') save(mine.verdict, note);
          }}
          onBlur={() => {
            if ((mine.note ?? '') !== note.trim()) save(mine.verdict, note);
          }}
          className="min-w-0 flex-1 rounded border border-slate-300 px-1.5 py-0.5 text-[11px]"
        />
      ) : null}
      {review.others > 0 ? (
        <span className="text-[11px] text-slate-400">
          {review.others} other {review.others === 1 ? 'review' : 'reviews'}
        </span>
      ) : null}
      {error ? (
        <span role="alert" className="text-[11px] text-rose-700">
          {error}
        </span>
      ) : null}
    </div>
  );
}
