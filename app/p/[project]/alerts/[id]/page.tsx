import { AlertHistoryTable } from '@/components/alerts/alert-history-table';
import { AlertRuleActions } from '@/components/alerts/alert-rule-actions';
import { AlertRuleForm } from '@/components/alerts/alert-rule-form';
import { AlertStateBadge } from '@/components/alerts/alert-state-badge';
import { draftOf } from '@/components/alerts/condition-draft';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { Badge } from '@/components/ui/badge';
import { loadAlertPage } from '@/lib/alerts/page/load-alert-page';
import { requirePage } from '@/lib/auth/session';
import { formatDate } from '@/lib/format/format';
import { orNotFound } from '@/lib/http/or-not-found';
import { hasRole, mayChange } from '@/lib/identity/roles';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props) {
  return { title: `Alert ${(await params).id}` };
}

export default async function AlertRulePage({ params }: Props) {
  const principal = await requirePage();
  const { id } = await params;
  const { rule, condition, sentence, recovery, states, history, options } = await orNotFound(loadAlertPage(principal.project.id, id));
  const may = hasRole(principal.role, 'editor') && mayChange(principal, rule.createdById);
  const firing = states.filter((s) => s.state === 'firing').length;
  return (
    <div className="space-y-8">
      <div className="space-y-3">
        <Breadcrumbs items={[{ label: 'Alerts', href: '/alerts' }, { label: rule.name }]} />
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0 space-y-1">
            <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold break-words">
              {rule.name} <AlertStateBadge enabled={rule.enabled} firing={firing} />
            </h1>
            <p className="text-sm text-slate-700">{sentence}.</p>
            {recovery ? <p className="text-sm text-slate-500">Resolved when {recovery}.</p> : null}
            <p className="text-sm break-all text-slate-500">
              {rule.destinationKind === 'slack' ? 'Slack' : 'Webhook'} {rule.urlHint}
              {rule.destinationKind === 'webhook' ? (rule.secretLastFour ? ` · signed (secret …${rule.secretLastFour})` : ' · not signed') : ''}
              {rule.notifyResolved ? ' · firings and resolutions' : ' · firings only'}
            </p>
          </div>
          {may ? <AlertRuleActions ruleId={rule.id} name={rule.name} enabled={rule.enabled} /> : null}
        </div>
        {options.linkWarning ? <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{options.linkWarning}</p> : null}
      </div>

      {states.length ? (
        <section className="space-y-2">
          <h2 className="text-lg font-semibold">Where it stands</h2>
          <ul className="flex flex-wrap gap-2">
            {states.map((s) => (
              <li key={s.id} className="flex items-center gap-2 rounded-md border border-slate-200 bg-white px-3 py-1.5 text-sm">
                <span className="text-slate-700">{s.label}</span>
                <Badge tone={s.state === 'firing' ? 'red' : 'green'}>{s.state === 'firing' ? 'Firing' : 'OK'}</Badge>
                <span className="text-xs text-slate-500">since {formatDate(s.changedAt)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="space-y-3">
        <h2 className="text-lg font-semibold">History</h2>
        <AlertHistoryTable rows={history} />
      </section>

      {may ? (
        <section className="space-y-3">
          <h2 className="text-lg font-semibold">Edit</h2>
          <AlertRuleForm
            ruleId={rule.id}
            stored={{ urlHint: rule.urlHint, secretLastFour: rule.secretLastFour }}
            options={options}
            initial={{ name: rule.name, condition: draftOf(condition), destinationKind: rule.destinationKind === 'slack' ? 'slack' : 'webhook', notifyResolved: rule.notifyResolved, enabled: rule.enabled }}
          />
        </section>
      ) : null}
    </div>
  );
}
