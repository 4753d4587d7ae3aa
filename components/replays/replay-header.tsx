import Link from '@/components/ui/project-link';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { describeStoredTarget } from '@/lib/replay/describe-target';

export interface ReplayHeaderProps {
  replay: { sourceDatasetId: string; modelVersion: string; mode: string; target: unknown; createdAt: string; compareWith: string | null };
  sourceDatasetName: string;
}

export function ReplayHeader({ replay, sourceDatasetName }: ReplayHeaderProps) {
  return (
    <div className="space-y-1">
      <Breadcrumbs items={[{ label: 'Replays', href: '/replays' }, { label: `${sourceDatasetName} · ${replay.modelVersion}` }]} />
      <h1 className="text-2xl font-semibold break-words">
        Replay of{' '}
        <Link href={`/datasets/${replay.sourceDatasetId}`} className="text-indigo-700 hover:underline">
          {sourceDatasetName}
        </Link>
      </h1>
      <p className="text-sm text-slate-600">
        Model version {replay.modelVersion} · {describeStoredTarget(replay.target)} · {replay.mode} · started {replay.createdAt.replace('T', ' ').slice(0, 16)}
        {replay.compareWith ? (
          <>
            {' '}
            · compared with{' '}
            <Link href={`/runs/${replay.compareWith}`} className="text-indigo-700 hover:underline">
              its source run
            </Link>
          </>
        ) : null}
      </p>
    </div>
  );
}
