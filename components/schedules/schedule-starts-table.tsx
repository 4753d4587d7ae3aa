import Link from '@/components/ui/project-link';
import { ReplayStatusBadge } from '@/components/replays/replay-status-badge';
import { RunStatusBadge } from '@/components/runs/run-status-badge';
import { buttonClass } from '@/components/ui/button';
import { Table, Td } from '@/components/ui/table';
import { formatPercent, formatScore, metricLabel } from '@/lib/format/format';
import type { MetricChange, ScheduleStartView, StartRun } from '@/lib/schedules/schedule-starts';

export type ScheduleStartRow = ScheduleStartView & { due: string; started: string };

const TRIGGER: Record<string, string> = { schedule: 'on time', missed: 'missed while the server was down: started once', manual: 'run now' };

/** How a start came: "on time" only when it was (a worker back within minutes starts it a little late). */
function howItCame(s: ScheduleStartRow): string {
  if (s.trigger !== 'schedule' || s.createdAt.getTime() - s.dueAt.getTime() <= 60_000) return TRIGGER[s.trigger] ?? s.trigger;
  // "Sun, 29 Nov 2026, 09:12": the time alone when it is the due day.
  const day = (at: string) => at.slice(0, at.lastIndexOf(', '));
  return `late: started ${day(s.started) === day(s.due) ? s.started.slice(s.started.lastIndexOf(', ') + 2) : s.started}`;
}

function RunCell({ run, label }: { run: StartRun | null; label: string }) {
  if (!run) return <span className="text-slate-500">–</span>;
  if (run === 'gone') return <span className="text-slate-500">deleted</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Link href={`/runs/${run.id}`} className="font-medium text-indigo-700 hover:underline">
        {label}
      </Link>
      <RunStatusBadge status={run.status} />
    </span>
  );
}

function Delta({ now, before, format }: { now: number | null; before: number | null; format: (n: number) => string }) {
  if (now === null || before === null) return null;
  const delta = now - before;
  const tone = Math.abs(delta) < 0.005 ? 'text-slate-500' : delta > 0 ? 'text-emerald-700' : 'text-rose-700';
  return <span className={`ml-1 text-xs tabular-nums ${tone}`}>({delta >= 0 ? '+' : '−'}{format(Math.abs(delta))})</span>;
}

function Changes({ changes }: { changes: MetricChange[] }) {
  if (!changes.length) return null;
  return (
    <ul className="mt-1 space-y-0.5 text-xs text-slate-600">
      {changes.map((c) => (
        <li key={c.metric}>
          {metricLabel(c.metric)}: mean {formatScore(c.mean)}
          <Delta now={c.mean} before={c.previousMean} format={(n) => n.toFixed(2)} /> · pass {formatPercent(c.passRate)}
          <Delta now={c.passRate} before={c.previousPassRate} format={(n) => `${Math.round(n * 100)} pts`} />
        </li>
      ))}
    </ul>
  );
}

/** A schedule's starts: when, what each made, the previous run it is compared with, the change of each metric, and the comparison one click away. */
export function ScheduleStartsTable({ starts, timeZone }: { starts: ScheduleStartRow[]; timeZone: string }) {
  return (
    <Table
      head={[`Due (${timeZone})`, 'Replay', 'Run', 'Compared with', 'Change']}
      empty={starts.length === 0 ? <div className="p-6 text-center text-sm text-slate-500">Not started yet: the first start is at the next time above, or now with “Run now”.</div> : null}
    >
      {starts.map((s) => (
        <tr key={s.id} className="hover:bg-slate-50" data-testid="schedule-start">
          <Td className="whitespace-nowrap">
            <span className="tabular-nums">{s.due}</span>
            <span className="block text-xs text-slate-500">{howItCame(s)}</span>
          </Td>
          <Td>
            {s.replay === null ? (
              <span className="text-slate-500">–</span>
            ) : s.replay === 'gone' ? (
              <span className="text-slate-500">deleted</span>
            ) : (
              <span className="inline-flex flex-wrap items-center gap-1.5">
                <Link href={`/replays/${s.replay.id}`} className="font-medium text-indigo-700 hover:underline">
                  Replay
                </Link>
                <ReplayStatusBadge status={s.replay.status} />
              </span>
            )}
          </Td>
          <Td>
            {s.error ? (
              <span role="note" className="block max-w-sm text-sm text-rose-700">
                {s.error}
              </span>
            ) : (
              <RunCell run={s.run} label={s.run && s.run !== 'gone' ? (s.run.modelVersion ?? 'Run') : 'Run'} />
            )}
          </Td>
          <Td>
            <RunCell run={s.previous} label="Previous run" />
          </Td>
          <Td className="min-w-64">
            {s.compareHref ? (
              <Link href={s.compareHref} className={buttonClass('secondary', 'px-2 py-1 text-xs')}>
                Compare with previous
              </Link>
            ) : s.previous && s.run && !s.error ? (
              <span className="text-xs text-slate-500">Once both runs exist</span>
            ) : !s.previous && !s.error ? (
              <span className="text-xs text-slate-500">The first start: nothing to compare with</span>
            ) : null}
            <Changes changes={s.changes} />
          </Td>
        </tr>
      ))}
    </Table>
  );
}
