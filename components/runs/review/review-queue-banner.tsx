import Link from '@/components/ui/project-link';
import type { ReviewQueue } from '@/lib/agreement/review-queue';
import { metricLabel } from '@/lib/format/format';

/** Where the reader is in the review queue they came from, and the next turn to review. */
export function ReviewQueueBanner({ queue, runId, at }: { queue: ReviewQueue; runId: string; at: { conversationId: string; turnIndex: number } }) {
  const here = queue.items.findIndex((i) => i.conversationId === at.conversationId && i.turnIndex === at.turnIndex);
  const next = [...queue.items.slice(here + 1), ...queue.items.slice(0, Math.max(0, here))].find((i) => !i.reviewed);
  return (
    <nav aria-label="Review queue" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-2 text-sm">
      <span data-testid="review-queue-progress">
        Reviewing {metricLabel(queue.metric)} ({queue.mode === 'sample' ? 'random sample' : queue.mode === 'failing' ? 'failing verdicts' : 'unstable verdicts'}): {queue.done} of {queue.items.length} done
      </span>
      <span className="flex gap-3">
        <Link href={`/runs/${runId}/review?metric=${encodeURIComponent(queue.metric)}&mode=${queue.mode}`} className="text-indigo-700 hover:underline">
          Queue
        </Link>
        {next ? (
          <Link href={next.href} className="font-medium text-indigo-700 hover:underline">
            Next to review →
          </Link>
        ) : (
          <span className="text-emerald-700">All reviewed</span>
        )}
      </span>
    </nav>
  );
}
