import Link from '@/components/ui/project-link';
import { AlertRulesTable } from '@/components/alerts/alert-rules-table';
import { buttonClass } from '@/components/ui/button';
import { loadAlertsPage } from '@/lib/alerts/page/load-alerts-page';
import { requirePage } from '@/lib/auth/session';
import { hasRole } from '@/lib/identity/roles';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Alerts' };

export default async function AlertsPage() {
  const principal = await requirePage();
  const { rules, linkWarning } = await loadAlertsPage(principal.project.id);
  const mayCreate = hasRole(principal.role, 'editor');
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Alerts</h1>
          <p className="mt-1 text-sm text-slate-600">
            Rules on runs&apos; results, online windows, judge cost and failures: each tells a webhook or Slack once when it is crossed, and again once it recovers.
          </p>
        </div>
        {mayCreate ? (
          <Link href="/alerts/new" className={buttonClass('primary')}>
            New alert rule
          </Link>
        ) : null}
      </div>
      {linkWarning && rules.length ? <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{linkWarning}</p> : null}
      <AlertRulesTable rules={rules} mayCreate={mayCreate} />
    </div>
  );
}
