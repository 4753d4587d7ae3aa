import Link from '@/components/ui/project-link';
import { buttonClass } from '@/components/ui/button';
import { VerdictBadge } from '@/components/runs/conversation/verdict-badge';
import type { ReviewQueue } from '@/lib/agreement/review-queue';
import { metricLabel } from '@/lib/format/format';

const MODE_LABELS = { sample: 'Random sample', failing: 'Failing verdicts', unstable: 'Unstable verdicts' } as const;

/** The turns to review for one metric, with the reader's progress and a way to the next one. */
export function ReviewQueueView({ runId, queue, metrics }: { runId: string; queue: ReviewQueue; metrics: string[] }) {
  const next = queue.items.find((i) => !i.reviewed);
  const href = (metric: string, mode: string) => `/runs/${runId}/review?metric=${encodeURIComponent(metric)}&mode=${mode}`;
  return (
    <div className="space-y-4">
      <nav className="flex flex-wrap gap-2" aria-label="Metric and queue">
        {metrics.map((m) => (
          <Link key={m} href={href(m, queue.mode)} aria-current={m === queue.metric ? 'page' : undefined} className={buttonClass(m === queue.metric ? 'primary' : 'secondary')}>
            {metricLabel(m)}
          </Link>
        ))}
        <span className="mx-2 border-l border-slate-200" />
        {(['sample', 'failing', 'unstable'] as const).map((mode) => (
          <Link key={mode} href={href(queue.metric, mode)} aria-current={mode === queue.mode ? 'page' : undefined} className={buttonClass(mode === queue.mode ? 'primary' : 'secondary')}>
            {MODE_LABELS[mode]}
          </Link>
        ))}
      </nav>
      <p className="text-sm text-slate-600" data-testid="review-progress">
        You reviewed {queue.done} of {queue.items.length} turns
        {queue.mode === 'sample'
          ? ` (a random sample of the run’s ${queue.available} ${metricLabel(queue.metric)} verdicts: agreement measured on it is unbiased)`
          : queue.mode === 'failing'
            ? ' that the judge failed'
            : ' where fewer than 80% of the judge’s samples agreed'}
        .
      </p>
      {next ? (
        <Link href={next.href} className={buttonClass('primary')}>
          {queue.done === 0 ? 'Start reviewing' : 'Next to review'}
        </Link>
      ) : queue.items.length ? (
        <p className="text-sm font-medium text-emerald-700">Every turn of this queue has your review.</p>
      ) : (
        <p className="text-sm text-slate-500">The run has no such verdict to review.</p>
      )}
      <ol className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm shadow-sm">
        {queue.items.map((i) => (
          <li key={`${i.conversationId}:${i.turnIndex}`} className="flex items-center gap-3 px-3 py-2">
            <VerdictBadge verdict={i.verdict} />
            <Link href={i.href} className="min-w-0 flex-1 truncate text-indigo-700 hover:underline">
              {i.conversationName} · turn {i.turnIndex + 1}
            </Link>
            <span className={`text-xs ${i.reviewed ? 'text-emerald-700' : 'text-slate-400'}`}>{i.reviewed ? 'reviewed' : 'to review'}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
