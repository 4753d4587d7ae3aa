import Link from '@/components/ui/project-link';
import { ScheduleControls } from '@/components/schedules/schedule-controls';
import { ScheduleStartsTable } from '@/components/schedules/schedule-starts-table';
import { ScheduleStatus } from '@/components/schedules/schedule-status';
import { ScheduleTimingForm } from '@/components/schedules/schedule-timing-form';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { pageProjectId, requirePage } from '@/lib/auth/session';
import { orNotFound } from '@/lib/http/or-not-found';
import { hasRole, mayChange } from '@/lib/identity/roles';
import { loadSchedulePage } from '@/lib/schedules/page/load-schedule-page';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props) {
  const { schedule } = await orNotFound(loadSchedulePage(await pageProjectId(), (await params).id));
  return { title: schedule.name };
}

export default async function SchedulePage({ params }: Props) {
  const principal = await requirePage();
  const { id } = await params;
  const page = await orNotFound(loadSchedulePage(principal.project.id, id));
  const { schedule } = page;
  const may = hasRole(principal.role, 'editor') && mayChange(principal, schedule.createdById);
  return (
    <div className="space-y-8">
      <div className="space-y-3">
        <Breadcrumbs items={[{ label: 'Schedules', href: '/schedules' }, { label: schedule.name }]} />
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0 space-y-1">
            <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold break-words">
              {schedule.name} <ScheduleStatus enabled={schedule.enabled} />
            </h1>
            <p className="text-sm text-slate-700">
              {page.what}
              {page.dataset.name ? (
                <>
                  {' '}
                  ·{' '}
                  <Link href={`/datasets/${page.dataset.id}`} className="text-indigo-700 hover:underline">
                    the dataset
                  </Link>
                </>
              ) : null}
            </p>
            <p className="text-sm text-slate-600">
              <span className="font-medium text-slate-800">{page.when}</span> <span className="font-mono text-xs">({schedule.cron})</span>, on the server&apos;s clock: {page.timeZone.name} ({page.timeZone.offset}).{' '}
              {schedule.enabled ? <>Next: {page.upcoming.join(' · ')}.</> : 'Paused: nothing starts until it is resumed.'}
            </p>
            <p className="text-xs text-slate-500">Starts act as {schedule.createdBy}, who saved it last.</p>
          </div>
          {may ? <ScheduleControls schedule={{ id: schedule.id, name: schedule.name, enabled: schedule.enabled }} /> : null}
        </div>
      </div>
      <section className="space-y-3">
        <h2 className="text-lg font-semibold">Starts</h2>
        <p className="text-sm text-slate-600">
          Each start is compared with the run of the start before it. Times missed while no worker ran make one start when one runs again; a start due while the previous one is still going is skipped.
        </p>
        <ScheduleStartsTable starts={page.starts} timeZone={page.timeZone.name} />
      </section>
      {may ? (
        <section className="space-y-3">
          <h2 className="text-lg font-semibold">Edit</h2>
          <p className="text-sm text-slate-600">Its name and times. What it starts stays as it was saved, so that its starts stay comparable: for something else, make a new schedule.</p>
          <ScheduleTimingForm scheduleId={schedule.id} initial={{ name: schedule.name, cron: schedule.cron }} zone={page.timeZone} />
        </section>
      ) : null}
    </div>
  );
}
