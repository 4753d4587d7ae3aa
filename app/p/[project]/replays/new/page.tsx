import Link from '@/components/ui/project-link';
import { NewReplayForm } from '@/components/replays/new-replay-form';
import { NoticePage } from '@/components/ui/notice-page';
import { orNotFound } from '@/lib/http/or-not-found';
import { loadNewReplayOptions } from '@/lib/replay/page/load-new-replay-options';
import { requirePage } from '@/lib/auth/session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'New replay' };

export default async function NewReplayPage(props: { searchParams: Promise<{ dataset?: string; run?: string }> }) {
  const principal = await requirePage('editor');
  const { dataset, run } = await props.searchParams;
  if (!dataset) {
    return (
      <NoticePage title="Replay which dataset?" links={[{ href: '/datasets', label: 'Datasets' }]}>
        A replay regenerates the assistant turns of a recorded dataset with another model or your app. Open a dataset or one of its runs and choose “Replay
        with another model”.
      </NoticePage>
    );
  }
  const options = await orNotFound(loadNewReplayOptions(principal.project.id, dataset, run ?? null, process.env));
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Replay with another model</h1>
        <p className="mt-1 text-sm text-slate-600">
          Regenerates the assistant turns of{' '}
          <Link href={`/datasets/${options.dataset.id}`} className="text-indigo-700 hover:underline">
            {options.dataset.name}
          </Link>{' '}
          ({options.dataset.conversationCount.toLocaleString('en-US')} conversations) into a new dataset version. The worker does it in the background; you can
          leave its page and come back.
        </p>
      </div>
      <NewReplayForm options={options} />
    </div>
  );
}
