import Link from '@/components/ui/project-link';
import { Badge } from '@/components/ui/badge';
import { Table, Td } from '@/components/ui/table';
import { formatDate } from '@/lib/format/format';
import { DeliveryBadge } from './alert-state-badge';

export interface HistoryRow {
  id: string;
  state: string;
  scope: string;
  crossing: number;
  /** The value measured, with its unit. */
  measured: string;
  summary: string;
  link: string;
  delivery: string;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  nextAttemptAt: Date;
  createdAt: Date;
}

const STATE: Record<string, { tone: 'red' | 'green' | 'blue'; label: string }> = {
  firing: { tone: 'red', label: 'Fired' },
  resolved: { tone: 'green', label: 'Resolved' },
  test: { tone: 'blue', label: 'Test' },
};

/** A rule's alerts, newest first: what fired or resolved, where, the value, the page that explains it, and how its delivery went. */
export function AlertHistoryTable({ rows }: { rows: HistoryRow[] }) {
  return (
    <Table head={['When', 'State', 'Scope', 'Value', 'What happened', 'Delivery']} empty={rows.length === 0 ? <div className="p-6 text-center text-sm text-slate-500">Nothing has fired yet.</div> : null}>
      {rows.map((r) => {
        const state = STATE[r.state] ?? { tone: 'blue' as const, label: r.state };
        return (
          <tr key={r.id} className="align-top">
            <Td className="whitespace-nowrap tabular-nums text-slate-600">{formatDate(r.createdAt)}</Td>
            <Td className="whitespace-nowrap">
              <Badge tone={state.tone}>{state.label}</Badge>
              {r.state === 'test' ? null : <span className="ml-1 text-xs text-slate-500">#{r.crossing}</span>}
            </Td>
            <Td className="max-w-[12rem] break-words text-slate-700">{r.scope}</Td>
            <Td className="tabular-nums whitespace-nowrap">{r.measured}</Td>
            <Td className="max-w-xl">
              <p className="break-words text-slate-800">{r.summary}</p>
              {r.state === 'test' ? null : (
                <Link href={r.link} className="text-xs font-medium text-indigo-700 hover:underline">
                  Open the page that explains it
                </Link>
              )}
            </Td>
            <Td className="min-w-[10rem]">
              <div className="flex flex-wrap items-center gap-1.5">
                <DeliveryBadge delivery={r.delivery} />
                <span className="text-xs text-slate-500">
                  {r.attempts} attempt{r.attempts === 1 ? '' : 's'}
                  {r.lastStatus === null ? '' : ` · HTTP ${r.lastStatus}`}
                </span>
              </div>
              {r.lastError && r.delivery !== 'delivered' ? <p className="mt-1 max-w-xs break-words text-xs text-rose-700">{r.lastError}</p> : null}
              {r.delivery === 'pending' && r.attempts > 0 ? <p className="mt-1 text-xs text-slate-500">next attempt {formatDate(r.nextAttemptAt)}</p> : null}
            </Td>
          </tr>
        );
      })}
    </Table>
  );
}
