import { AlertRuleForm } from '@/components/alerts/alert-rule-form';
import { EMPTY_DRAFT } from '@/components/alerts/condition-draft';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { loadAlertFormOptions } from '@/lib/alerts/page/load-alert-form-options';
import { requirePage } from '@/lib/auth/session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'New alert rule' };

export default async function NewAlertPage() {
  const principal = await requirePage('editor');
  const options = await loadAlertFormOptions(principal.project.id);
  return (
    <div className="space-y-4">
      <Breadcrumbs items={[{ label: 'Alerts', href: '/alerts' }, { label: 'New rule' }]} />
      <h1 className="text-2xl font-semibold">New alert rule</h1>
      <AlertRuleForm ruleId={null} stored={null} options={options} initial={{ name: '', condition: EMPTY_DRAFT, destinationKind: 'webhook', notifyResolved: true, enabled: true }} />
    </div>
  );
}
