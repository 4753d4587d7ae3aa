import Link from 'next/link';
import type { FirstFailureMode } from '@/lib/charts/prepare-first-failure-histogram';

const LABELS: Record<FirstFailureMode, string> = { turn: 'By turn', share: 'By share of the conversation' };

/** Switches the first-failure histograms between turn numbers and position in the conversation. */
export function BreakModeLinks({ mode, hrefFor }: { mode: FirstFailureMode; hrefFor: (mode: FirstFailureMode) => string }) {
  const pill = (active: boolean) =>
    `rounded-full px-2.5 py-0.5 text-xs ring-1 ring-inset ${active ? 'bg-indigo-600 text-white ring-indigo-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'}`;
  return (
    <nav aria-label="First failing turn" className="flex flex-wrap gap-1.5">
      {(Object.keys(LABELS) as FirstFailureMode[]).map((m) => (
        <Link key={m} href={hrefFor(m)} scroll={false} prefetch={false} className={pill(m === mode)} aria-current={m === mode ? 'true' : undefined}>
          {LABELS[m]}
        </Link>
      ))}
    </nav>
  );
}
