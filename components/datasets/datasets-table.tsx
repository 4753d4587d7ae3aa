import Link from '@/components/ui/project-link';
import { Table, Td } from '@/components/ui/table';
import type { DatasetListItem } from '@/lib/db/queries/datasets/list-datasets';
import { formatDate, formatScore, metricLabel } from '@/lib/format/format';
import { summaryEntries } from '@/lib/runs/aggregates/summarize-results';
import { parseRunSummary } from '@/lib/domain/run-summary';
import { formatCount } from './format-labels';

export function DatasetsTable({ datasets }: { datasets: DatasetListItem[] }) {
  return (
    <Table
      head={['Name', 'Model version', 'Conversations', 'Turns', 'Created', 'Last run score']}
      empty={
        datasets.length === 0 ? (
          <div className="p-6 text-center text-sm text-slate-500">
            No datasets yet.{' '}
            <Link href="/datasets/new" className="font-medium text-indigo-700 hover:underline">
              Import one
            </Link>
            .
          </div>
        ) : null
      }
    >
      {datasets.map((d) => {
        const scores = d.lastRun ? summaryEntries(parseRunSummary(d.lastRun.summary)) : [];
        return (
          <tr key={d.id} className="hover:bg-slate-50">
            <Td className="max-w-xs">
              <Link href={`/datasets/${d.id}`} className="font-medium break-words text-indigo-700 hover:underline">
                {d.name}
              </Link>
              {d.sourceFormat === 'otlp' ? (
                <span className="ml-2 rounded bg-emerald-50 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-emerald-800" title="Fed by production traffic over OpenTelemetry">
                  Live · OpenTelemetry
                </span>
              ) : d.onlineRuleId ? (
                <Link
                  href={`/online/${d.onlineRuleId}`}
                  className="ml-2 rounded bg-sky-50 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-sky-800 hover:underline"
                  title="Production conversations as an online evaluation rule scored them"
                >
                  Online evaluation
                </Link>
              ) : null}
            </Td>
            <Td className="max-w-[12rem] break-words">{d.modelVersion ?? '–'}</Td>
            <Td className="tabular-nums">{formatCount(d.conversationCount)}</Td>
            <Td className="tabular-nums">{formatCount(d.turnCount)}</Td>
            <Td className="whitespace-nowrap">{formatDate(d.createdAt)}</Td>
            <Td>
              {scores.length > 0 ? (
                <Link href={`/runs/${d.lastRun?.id}`} className="block hover:underline">
                  {scores.map(([metric, s]) => (
                    <span key={metric} className="block whitespace-nowrap tabular-nums">
                      <span className="text-slate-500">{metricLabel(metric)}:</span> {formatScore(s.mean)}
                    </span>
                  ))}
                </Link>
              ) : d.lastRun ? (
                <span className="text-slate-500">{d.lastRun.status}</span>
              ) : (
                '–'
              )}
            </Td>
          </tr>
        );
      })}
    </Table>
  );
}
