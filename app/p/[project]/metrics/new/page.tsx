import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { MetricEditor } from '@/components/metrics/metric-editor';
import { requirePage } from '@/lib/auth/session';
import { loadNewMetricPage } from '@/lib/custom-metrics/page/load-new-metric-page';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'New metric' };

export default async function NewMetricPage() {
  const principal = await requirePage('editor');
  const options = await loadNewMetricPage(principal.project.id);
  return (
    <div className="space-y-6">
      <div>
        <Breadcrumbs items={[{ label: 'Metrics', href: '/metrics' }, { label: 'New metric' }]} />
        <h1 className="text-2xl font-semibold">New metric</h1>
        <p className="mt-1 text-sm text-slate-600">Say what a good answer does; the judge turns it into evaluation steps you can read and edit before saving.</p>
      </div>
      <MetricEditor options={options} />
    </div>
  );
}
