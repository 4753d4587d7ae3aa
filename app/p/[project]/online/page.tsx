import Link from '@/components/ui/project-link';
import { RulesTable } from '@/components/online/rules-table';
import { buttonClass } from '@/components/ui/button';
import { hasRole } from '@/lib/identity/roles';
import { requirePage } from '@/lib/auth/session';
import { loadOnlineRulesPage } from '@/lib/online/page/load-online-rules-page';
import { utcDay } from '@/lib/online/sample';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Online evaluation' };

export default async function OnlineRulesPage() {
  const principal = await requirePage();
  const { rules, live } = await loadOnlineRulesPage(principal.project.id);
  const nameOf = new Map(live.map((l) => [l.datasetId, l.name]));
  const today = utcDay(new Date());
  const mayCreate = hasRole(principal.role, 'editor');
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Online evaluation</h1>
          <p className="mt-1 text-sm text-slate-600">Rules score production conversations from live datasets once they go quiet, into a run per UTC day and model version.</p>
        </div>
        {mayCreate ? (
          <Link href="/online/new" className={buttonClass('primary')}>
            New rule
          </Link>
        ) : null}
      </div>
      <RulesTable
        mayCreate={mayCreate}
        rules={rules.map((r) => ({
          id: r.id,
          name: r.name,
          datasets: r.datasetIds.map((id) => nameOf.get(id) ?? id),
          metrics: r.metrics.map((m) => m.name),
          sampleRate: r.sampleRate,
          idleMinutes: r.idleMinutes,
          dailyCapUsd: r.dailyCapUsd,
          dailyCapCalls: r.dailyCapCalls,
          dailyCapTokens: r.dailyCapTokens,
          enabled: r.enabled,
          capReached: r.capReachedOn === today,
        }))}
      />
    </div>
  );
}
