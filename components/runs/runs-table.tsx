import Link from '@/components/ui/project-link';
import { Table, Td } from '@/components/ui/table';
import type { RunListItem } from '@/lib/db/queries/runs/list-runs';
import { formatDate, formatPercent, formatScore, metricLabel } from '@/lib/format/format';
import { summaryEntries } from '@/lib/runs/aggregates/summarize-results';
import { parseRunSummary } from '@/lib/domain/run-summary';
import { LiveRunCount, LiveRunStatus } from './live/live-run-cells';

export function RunsTable({ runs }: { runs: RunListItem[] }) {
  return (
    <Table
      head={['Run', 'Dataset', 'Model version', 'Judge', 'Status', 'Progress', 'Scores (mean · pass rate)']}
      empty={runs.length === 0 ? <p className="p-4 text-sm text-slate-500">No runs yet.</p> : null}
    >
      {runs.map((run) => {
        const summary = parseRunSummary(run.summary);
        return (
          <tr key={run.id} className="hover:bg-slate-50">
            <Td>
              <Link href={`/runs/${run.id}`} className="font-medium text-indigo-700 hover:underline">
                {formatDate(run.createdAt)}
              </Link>
            </Td>
            <Td>
              <Link href={`/datasets/${run.datasetId}`} className="hover:underline">
                {run.datasetName}
              </Link>
            </Td>
            <Td>{run.modelVersion ?? '–'}</Td>
            <Td className="whitespace-nowrap">{run.judgeKind === 'offline' ? 'offline heuristic' : run.judgeModel}</Td>
            <Td>
              <LiveRunStatus runId={run.id} status={run.status} />
            </Td>
            <Td className="whitespace-nowrap tabular-nums">
              <LiveRunCount runId={run.id} done={run.doneItems} total={run.totalItems} errors={run.errorItems} />
            </Td>
            <Td>
              <ul className="space-y-0.5">
                {summaryEntries(summary).map(([metric, s]) => (
                  <li key={metric} className="whitespace-nowrap tabular-nums">
                    <span className="text-slate-500">{metricLabel(metric)}:</span> {formatScore(s.mean)} · {formatPercent(s.passRate)}
                  </li>
                ))}
              </ul>
            </Td>
          </tr>
        );
      })}
    </Table>
  );
}
