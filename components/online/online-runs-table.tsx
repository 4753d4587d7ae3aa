import Link from '@/components/ui/project-link';
import { Table, Td } from '@/components/ui/table';
import { formatCost, type CostBasis } from '@/lib/format/cost';
import type { OnlineRunRow } from '@/lib/db/queries/online/online-scores';

/** A rule's runs: one per UTC day and model version, and the run of superseded results. */
export function OnlineRunsTable({ runs }: { runs: (OnlineRunRow & { costBasis: CostBasis })[] }) {
  return (
    <Table
      head={['Day (UTC)', 'Model version', 'Conversations', 'Results', 'Cost', 'Status']}
      empty={runs.length === 0 ? <div className="p-6 text-center text-sm text-slate-500">No conversation scored yet: runs appear once conversations close.</div> : null}
    >
      {runs.map((r) => (
        <tr key={r.runId} className="hover:bg-slate-50">
          <Td className="whitespace-nowrap">
            <Link href={`/runs/${r.runId}`} className="font-medium text-indigo-700 hover:underline">
              {r.day === 'superseded' ? 'Superseded results' : r.day}
            </Link>
          </Td>
          <Td>{r.modelVersion ?? '–'}</Td>
          <Td className="tabular-nums">{r.conversations}</Td>
          <Td className="tabular-nums">
            {r.doneItems} / {r.totalItems}
          </Td>
          <Td className="tabular-nums">{formatCost(r.costBasis, r.costUsd)}</Td>
          <Td>{r.status.replace(/_/g, ' ')}</Td>
        </tr>
      ))}
    </Table>
  );
}
