import Link from '@/components/ui/project-link';
import { orNotFound } from '@/lib/http/or-not-found';
import { ReviewQueueView } from '@/components/runs/review/review-queue-view';
import { loadReviewPage } from '@/lib/agreement/page/load-review-page';
import { requirePage } from '@/lib/auth/session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Review verdicts' };

export default async function ReviewPage(props: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const principal = await requirePage();
  const [{ id }, search] = await Promise.all([props.params, props.searchParams]);
  const { run, metrics, queue } = await orNotFound(loadReviewPage(principal.project.id, id, search, principal.id));
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
      {queue ? <ReviewQueueView runId={run.id} queue={queue} metrics={metrics} /> : <p>The run scored no metric.</p>}
    </div>
  );
}
