import Link from '@/components/ui/project-link';
import { Table, Td } from '@/components/ui/table';
import type { ReplayListItem } from '@/lib/replay/page/load-replay-list';
import { describeStoredTarget } from '@/lib/replay/describe-target';
import { ReplayStatusBadge } from './replay-status-badge';

export function ReplaysTable({ replays }: { replays: ReplayListItem[] }) {
  return (
    <Table
      head={['Replay', 'Dataset', 'Model version', 'Target', 'Mode', 'Status', 'Turns', 'Results']}
      empty={
        replays.length === 0 ? (
          <p className="p-4 text-sm text-slate-500">
            No replays yet. Open a dataset or a run and choose “Replay with another model”.
          </p>
        ) : null
      }
    >
      {replays.map((r) => (
        <tr key={r.id} className="hover:bg-slate-50">
          <Td>
            <Link href={`/replays/${r.id}`} className="font-medium whitespace-nowrap text-indigo-700 hover:underline">
              {r.createdAt.replace('T', ' ').slice(0, 16)}
            </Link>
          </Td>
          <Td>
            <Link href={`/datasets/${r.sourceDatasetId}`} className="hover:underline">
              {r.sourceDatasetName}
            </Link>
          </Td>
          <Td>{r.modelVersion}</Td>
          <Td className="max-w-64 truncate">{describeStoredTarget(r.target)}</Td>
          <Td className="whitespace-nowrap">{r.mode}</Td>
          <Td>
            <ReplayStatusBadge status={r.status} />
          </Td>
          <Td className="whitespace-nowrap tabular-nums">
            {r.progress.done}/{r.progress.total}
            {r.progress.errors ? <span className="text-rose-600"> · {r.progress.errors} errors</span> : null}
          </Td>
          <Td className="whitespace-nowrap">
            {r.datasetId ? (
              <Link href={`/datasets/${r.datasetId}`} className="text-indigo-700 hover:underline">
                version
              </Link>
            ) : null}
            {r.runId ? (
              <>
                {' · '}
                <Link href={`/runs/${r.runId}`} className="text-indigo-700 hover:underline">
                  run
                </Link>
              </>
            ) : null}
            {r.runId && r.compareWith ? (
              <>
                {' · '}
                <Link href={`/compare?baseline=${encodeURIComponent(r.compareWith)}&candidate=${encodeURIComponent(r.runId)}`} className="text-indigo-700 hover:underline">
                  compare
                </Link>
              </>
            ) : null}
          </Td>
        </tr>
      ))}
    </Table>
  );
}
