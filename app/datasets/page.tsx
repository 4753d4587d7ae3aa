import Link from 'next/link';
import { Table, Td } from '@/components/ui/table';
import { getDb } from '@/lib/db/client';
import { listDatasets } from '@/lib/db/queries/datasets/list-datasets';
import { formatDate, formatScore, metricLabel } from '@/lib/format/format';
import { parseRunSummary, summaryEntries } from '@/lib/runs/summarize-results';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Datasets' };

export default async function DatasetsPage() {
  const datasets = await listDatasets(getDb());
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Datasets</h1>
      <Table
        head={['Name', 'Model version', 'Conversations', 'Turns', 'Created', 'Last run score']}
        empty={datasets.length === 0 ? <p className="p-4 text-sm text-slate-500">No datasets yet.</p> : null}
      >
        {datasets.map((d) => (
          <tr key={d.id} className="hover:bg-slate-50">
            <Td>
              <Link href={`/datasets/${d.id}`} className="font-medium text-indigo-700 hover:underline">
                {d.name}
              </Link>
            </Td>
            <Td>{d.modelVersion ?? '–'}</Td>
            <Td className="tabular-nums">{d.conversationCount}</Td>
            <Td className="tabular-nums">{d.turnCount}</Td>
            <Td className="whitespace-nowrap">{formatDate(d.createdAt)}</Td>
            <Td>
              {d.lastRun
                ? summaryEntries(parseRunSummary(d.lastRun.summary)).map(([metric, s]) => (
                    <div key={metric} className="whitespace-nowrap tabular-nums">
                      <span className="text-slate-500">{metricLabel(metric)}:</span> {formatScore(s.mean)}
                    </div>
                  ))
                : '–'}
            </Td>
          </tr>
        ))}
      </Table>
    </div>
  );
}
