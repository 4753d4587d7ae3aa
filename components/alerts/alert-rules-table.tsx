import Link from '@/components/ui/project-link';
import { Table, Td } from '@/components/ui/table';
import type { AlertRuleListItem } from '@/lib/alerts/page/load-alerts-page';
import { formatDate } from '@/lib/format/format';
import { AlertStateBadge, DeliveryBadge } from './alert-state-badge';

const STATE_LABEL: Record<string, string> = { firing: 'Fired', resolved: 'Resolved', test: 'Test' };

export function AlertRulesTable({ rules, mayCreate }: { rules: AlertRuleListItem[]; mayCreate: boolean }) {
  return (
    <Table
      head={['Rule', 'Condition', 'Destination', 'Status', 'Latest alert']}
      empty={
        rules.length === 0 ? (
          <div className="p-6 text-center text-sm text-slate-500">
            No alert rules yet.{' '}
            {mayCreate ? (
              <Link href="/alerts/new" className="font-medium text-indigo-700 hover:underline">
                Create one
              </Link>
            ) : null}
          </div>
        ) : null
      }
    >
      {rules.map((r) => (
        <tr key={r.id} className="hover:bg-slate-50">
          <Td>
            <Link href={`/alerts/${r.id}`} className="font-medium text-indigo-700 hover:underline">
              {r.name}
            </Link>
          </Td>
          <Td className="max-w-md text-slate-700">{r.sentence}</Td>
          <Td className="max-w-xs text-slate-600">
            <span className="block">{r.destinationKind}</span>
            <span className="block break-all text-xs">{r.destinationHint}</span>
          </Td>
          <Td>
            <AlertStateBadge enabled={r.enabled} firing={r.firing} />
          </Td>
          <Td className="whitespace-nowrap">
            {r.last ? (
              <span className="inline-flex items-center gap-2">
                <span className="tabular-nums text-slate-600">{formatDate(r.last.at)}</span>
                <span>{STATE_LABEL[r.last.state] ?? r.last.state}</span>
                <DeliveryBadge delivery={r.last.delivery} />
              </span>
            ) : (
              <span className="text-slate-400">none yet</span>
            )}
          </Td>
        </tr>
      ))}
    </Table>
  );
}
