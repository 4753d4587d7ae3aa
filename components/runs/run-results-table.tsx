import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Table, Td } from '@/components/ui/table';
import type { RunResultRow } from '@/lib/db/queries/runs/list-run-results';
import { formatScore, metricLabel } from '@/lib/format/format';
import type { PageRequest } from '@/lib/format/pagination';

export function RunResultsTable({ rows, total, page, basePath }: { rows: RunResultRow[]; total: number; page: PageRequest; basePath: string }) {
  const pages = Math.max(1, Math.ceil(total / page.size));
  return (
    <div className="space-y-2">
      <Table head={['Conversation', 'Metric', 'Score', 'Result', 'Reason']}>
        {rows.map((r) => (
          <tr key={r.id}>
            <Td className="whitespace-nowrap font-medium">{r.conversationName}</Td>
            <Td className="whitespace-nowrap">{metricLabel(r.metric)}</Td>
            <Td className="tabular-nums">{formatScore(r.score)}</Td>
            <Td>{r.error ? <Badge tone="amber">error</Badge> : r.success ? <Badge tone="green">pass</Badge> : <Badge tone="red">fail</Badge>}</Td>
            <Td className="max-w-2xl text-slate-700">{r.error ?? r.reason ?? '–'}</Td>
          </tr>
        ))}
      </Table>
      <nav className="flex items-center gap-3 text-sm text-slate-600">
        <span>
          Page {page.page} of {pages} · {total} results
        </span>
        {page.page > 1 ? <Link className="text-indigo-700 hover:underline" href={`${basePath}?page=${page.page - 1}`}>Previous</Link> : null}
        {page.page < pages ? <Link className="text-indigo-700 hover:underline" href={`${basePath}?page=${page.page + 1}`}>Next</Link> : null}
      </nav>
    </div>
  );
}
