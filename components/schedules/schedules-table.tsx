import Link from '@/components/ui/project-link';
import { Table, Td } from '@/components/ui/table';
import { ScheduleStatus } from './schedule-status';

export interface ScheduleListItem {
  id: string;
  name: string;
  cron: string;
  when: string;
  what: string;
  enabled: boolean;
  /** The next time on the server's clock; null while paused. */
  next: string | null;
  lastStart: { at: string; failed: boolean; error: string | null } | null;
}

export function SchedulesTable({ schedules, timeZone, mayCreate }: { schedules: ScheduleListItem[]; timeZone: string; mayCreate: boolean }) {
  return (
    <Table
      head={['Schedule', 'What it starts', 'When', `Next (${timeZone})`, 'Last start', 'Status']}
      empty={
        schedules.length === 0 ? (
          <div className="p-6 text-center text-sm text-slate-500">
            No schedules yet.{' '}
            {mayCreate ? (
              <Link href="/schedules/new" className="font-medium text-indigo-700 hover:underline">
                Make one
              </Link>
            ) : null}
          </div>
        ) : null
      }
    >
      {schedules.map((s) => (
        <tr key={s.id} className="hover:bg-slate-50">
          <Td>
            <Link href={`/schedules/${s.id}`} className="font-medium text-indigo-700 hover:underline">
              {s.name}
            </Link>
          </Td>
          <Td className="max-w-sm text-slate-700">{s.what}</Td>
          <Td className="min-w-40">
            {s.when}
            <span className="block font-mono text-xs text-slate-500">{s.cron}</span>
          </Td>
          <Td className="whitespace-nowrap tabular-nums">{s.next ?? '–'}</Td>
          <Td className="whitespace-nowrap">
            {s.lastStart ? (
              <span className={s.lastStart.failed ? 'text-rose-700' : ''} title={s.lastStart.error ?? undefined}>
                {s.lastStart.at}
                {s.lastStart.failed ? ' · did not start' : ''}
              </span>
            ) : (
              <span className="text-slate-500">never</span>
            )}
          </Td>
          <Td>
            <ScheduleStatus enabled={s.enabled} />
          </Td>
        </tr>
      ))}
    </Table>
  );
}
