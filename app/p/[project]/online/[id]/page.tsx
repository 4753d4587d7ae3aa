import Link from '@/components/ui/project-link';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { OnlineRunsTable } from '@/components/online/online-runs-table';
import { PauseButton } from '@/components/online/pause-button';
import { RuleForm } from '@/components/online/rule-form';
import { capsLabel } from '@/lib/online/spend-caps';
import { RuleStatus } from '@/components/online/rule-status';
import { hasRole, mayChange } from '@/lib/identity/roles';
import { requirePage } from '@/lib/auth/session';
import { metricLabel } from '@/lib/format/format';
import { orNotFound } from '@/lib/http/or-not-found';
import { loadOnlineRulePage } from '@/lib/online/page/load-online-rule-page';
import { editableOf } from '@/lib/online/rules';
import { utcDay } from '@/lib/online/sample';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }> };

export default async function OnlineRulePage({ params }: Props) {
  const principal = await requirePage();
  const { id } = await params;
  const { rule, runs, options } = await orNotFound(loadOnlineRulePage(principal.project.id, id));
  const nameOf = new Map(options.liveDatasets.map((l) => [l.datasetId, l.name]));
  const may = hasRole(principal.role, 'editor') && mayChange(principal, rule.createdById);
  const latest = runs.find((r) => r.day !== 'superseded');
  return (
    <div className="space-y-8">
      <div className="space-y-3">
        <Breadcrumbs items={[{ label: 'Online evaluation', href: '/online' }, { label: rule.name }]} />
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold break-words">
              {rule.name} <RuleStatus enabled={rule.enabled} capReached={rule.capReachedOn === utcDay(new Date())} />
            </h1>
            <p className="mt-1 text-sm text-slate-600">
              {rule.datasetIds.map((d) => nameOf.get(d) ?? d).join(', ')} · {rule.metrics.map((m) => metricLabel(m.name)).join(', ')} · {rule.sampleRate} % sampled · closed after {rule.idleMinutes} min idle
              {capsLabel(rule) === null ? '' : ` · cap ${capsLabel(rule)} a day`}
              {rule.versionAttribute ? ` · model version from ${rule.versionAttribute}` : ''}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {latest ? (
              <Link href={`/trends/${latest.datasetId}`} className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50">
                Trends
              </Link>
            ) : null}
            {may ? <PauseButton ruleId={rule.id} enabled={rule.enabled} /> : null}
          </div>
        </div>
      </div>
      <section className="space-y-3">
        <h2 className="text-lg font-semibold">Runs</h2>
        <p className="text-sm text-slate-600">A conversation that gets new turns after it was scored is scored again; its older result moves to the superseded results.</p>
        <OnlineRunsTable runs={runs} />
      </section>
      {may ? (
        <section className="space-y-3">
          <h2 className="text-lg font-semibold">Edit</h2>
          <RuleForm ruleId={rule.id} initial={editableOf(rule)} liveDatasets={options.liveDatasets} metrics={options.metrics} judges={options.judges} />
        </section>
      ) : null}
    </div>
  );
}
