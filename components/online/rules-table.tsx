import Link from '@/components/ui/project-link';
import { Table, Td } from '@/components/ui/table';
import { metricLabel } from '@/lib/format/format';
import { capsLabel } from '@/lib/online/spend-caps';
import { RuleStatus } from './rule-status';

export interface RuleListItem {
  id: string;
  name: string;
  datasets: string[];
  metrics: string[];
  sampleRate: number;
  idleMinutes: number;
  dailyCapUsd: number | null;
  dailyCapCalls: number | null;
  dailyCapTokens: number | null;
  enabled: boolean;
  capReached: boolean;
}

export function RulesTable({ rules, mayCreate }: { rules: RuleListItem[]; mayCreate: boolean }) {
  return (
    <Table
      head={['Rule', 'Live datasets', 'Metrics', 'Sample', 'Idle', 'Daily cap', 'Status']}
      empty={
        rules.length === 0 ? (
          <div className="p-6 text-center text-sm text-slate-500">
            No online evaluation rules yet.{' '}
            {mayCreate ? (
              <Link href="/online/new" className="font-medium text-indigo-700 hover:underline">
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
            <Link href={`/online/${r.id}`} className="font-medium text-indigo-700 hover:underline">
              {r.name}
            </Link>
          </Td>
          <Td className="max-w-xs break-words">{r.datasets.join(', ')}</Td>
          <Td className="max-w-xs">{r.metrics.map(metricLabel).join(', ')}</Td>
          <Td className="tabular-nums">{r.sampleRate} %</Td>
          <Td className="tabular-nums whitespace-nowrap">{r.idleMinutes} min</Td>
          <Td className="tabular-nums">{capsLabel(r) ?? '–'}</Td>
          <Td>
            <RuleStatus enabled={r.enabled} capReached={r.capReached} />
          </Td>
        </tr>
      ))}
    </Table>
  );
}
