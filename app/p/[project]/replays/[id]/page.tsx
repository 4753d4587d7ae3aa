import { LiveReplay } from '@/components/replays/live-replay';
import { ReplayHeader } from '@/components/replays/replay-header';
import { orNotFound } from '@/lib/http/or-not-found';
import { loadReplayPage } from '@/lib/replay/page/load-replay-page';
import { mayChange } from '@/lib/identity/roles';
import { requirePage } from '@/lib/auth/session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Replay' };

export default async function ReplayPage(props: { params: Promise<{ id: string }> }) {
  const principal = await requirePage();
  const { id } = await props.params;
  const { replay, sourceDatasetName, createdById } = await orNotFound(loadReplayPage(principal.project.id, id));
  return (
    <div className="space-y-6">
      <ReplayHeader replay={replay} sourceDatasetName={sourceDatasetName} />
      <LiveReplay initial={replay} mayChange={mayChange(principal, createdById)} />
    </div>
  );
}
