import Link from 'next/link';
import { orNotFound } from '@/lib/http/or-not-found';
import { ReviewQueueView } from '@/components/runs/review/review-queue-view';
import { loadReviewQueue, reviewQueueQuerySchema } from '@/lib/agreement/review-queue';
import { requirePage } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { getRun } from '@/lib/db/queries/runs/get-run';
import { runMetrics } from '@/lib/metrics/run-metrics';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Review verdicts' };

export default async function ReviewPage(props: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const principal = await requirePage();
  const [{ id }, search] = await Promise.all([props.params, props.searchParams]);
  const db = getDb();
  const run = await orNotFound(getRun(db, id));
  const metrics = runMetrics(run.metricSettings).map((m) => m.name);
  const query = reviewQueueQuerySchema.parse({ metric: typeof search.metric === 'string' ? search.metric : undefined, mode: search.mode });
  const metric = query.metric && metrics.includes(query.metric) ? query.metric : metrics[0];
  return (
    <div className="space-y-6">
      <div>
        <Link href={`/runs/${run.id}`} className="text-sm text-indigo-700 hover:underline">
          ← Run on {run.dataset.name}
        </Link>
        <h1 className="mt-1 text-2xl font-semibold">Review verdicts</h1>
        <p className="mt-1 text-sm text-slate-600">
          Agree or disagree with the judge turn by turn; your labels measure how far the judge agrees with people, on this run and every run of this dataset.
        </p>
      </div>
      {metric ? <ReviewQueueView runId={run.id} queue={await loadReviewQueue(db, run.id, metric, query.mode, principal.id)} metrics={metrics} /> : <p>The run scored no metric.</p>}
    </div>
  );
}
