import Link from '@/components/ui/project-link';
import { SchedulesTable } from '@/components/schedules/schedules-table';
import { buttonClass } from '@/components/ui/button';
import { requirePage } from '@/lib/auth/session';
import { hasRole } from '@/lib/identity/roles';
import { loadSchedulesPage } from '@/lib/schedules/page/load-schedules-page';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Schedules' };

export default async function SchedulesPage() {
  const principal = await requirePage();
  const { schedules, timeZone } = await loadSchedulesPage(principal.project.id);
  const mayCreate = hasRole(principal.role, 'editor');
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Schedules</h1>
          <p className="mt-1 text-sm text-slate-600">
            Replays scored, or datasets scored again, at set times; each start is compared with the one before it. Times are the server&apos;s: {timeZone.name} ({timeZone.offset}).
          </p>
        </div>
        {mayCreate ? (
          <Link href="/schedules/new" className={buttonClass('primary')}>
            New schedule
          </Link>
        ) : null}
      </div>
      <SchedulesTable schedules={schedules} timeZone={timeZone.name} mayCreate={mayCreate} />
    </div>
  );
}
