import Link from '@/components/ui/project-link';
import { pillClass } from '@/components/ui/pill';
import type { FirstFailureMode } from '@/lib/charts/prepare-first-failure-histogram';

const LABELS: Record<FirstFailureMode, string> = { turn: 'By turn', share: 'By share of the conversation' };

/** Switches the first-failure histograms between turn numbers and position in the conversation. */
export function BreakModeLinks({ mode, hrefFor }: { mode: FirstFailureMode; hrefFor: (mode: FirstFailureMode) => string }) {
  return (
    <nav aria-label="First failing turn" className="flex flex-wrap gap-1.5">
      {(Object.keys(LABELS) as FirstFailureMode[]).map((m) => (
        <Link key={m} href={hrefFor(m)} scroll={false} prefetch={false} className={pillClass(m === mode)} aria-current={m === mode ? 'true' : undefined}>
          {LABELS[m]}
        </Link>
      ))}
    </nav>
  );
}
