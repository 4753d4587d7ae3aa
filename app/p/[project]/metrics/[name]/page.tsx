import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { MetricEditor } from '@/components/metrics/metric-editor';
import { MetricVersions } from '@/components/metrics/metric-versions';
import { hasRole, mayChange } from '@/lib/identity/roles';
import { requirePage } from '@/lib/auth/session';
import { loadMetricPage } from '@/lib/custom-metrics/page/load-metric-page';
import { metricLabel } from '@/lib/format/format';
import { orNotFound } from '@/lib/http/or-not-found';

export const dynamic = 'force-dynamic';

export async function generateMetadata(props: { params: Promise<{ name: string }> }) {
  return { title: metricLabel((await props.params).name) };
}

export default async function MetricPage(props: { params: Promise<{ name: string }>; searchParams: Promise<{ saved?: string; unchanged?: string }> }) {
  const principal = await requirePage();
  const { name } = await props.params;
  const { saved, unchanged } = await props.searchParams;
  const mayEdit = hasRole(principal.role, 'editor');
  const { versions, newest, owner, editor } = await orNotFound(loadMetricPage(principal.project.id, name, mayEdit));
  const mayPublish = mayChange(principal, newest.ownerId);
  return (
    <div className="space-y-6">
      <div>
        <Breadcrumbs items={[{ label: 'Metrics', href: '/metrics' }, { label: metricLabel(newest.name) }]} />
        <h1 className="text-2xl font-semibold">
          {metricLabel(newest.name)} <span className="text-base font-normal text-slate-500">v{newest.version}</span>
        </h1>
        <p className="mt-1 text-xs text-slate-500">
          <span className="font-mono">{newest.name}</span> · {owner ? `owned by ${owner}` : 'no owner: admins edit it'}
        </p>
        {mayEdit && !mayPublish ? (
          <p className="mt-2 text-sm text-slate-600">
            You may use this metric in runs. Only its owner or an admin publishes new versions; below, a copy under another name is yours to change.
          </p>
        ) : null}
        {saved ? (
          <p role="status" className="mt-2 text-sm text-emerald-700">
            Saved as version {saved}. New runs use it; earlier runs keep the version they used.
          </p>
        ) : null}
        {unchanged ? (
          <p role="status" className="mt-2 text-sm text-slate-600">
            Nothing changed: version {unchanged} stays the newest.
          </p>
        ) : null}
      </div>
      {editor ? <MetricEditor options={editor} copy={!mayPublish} /> : null}
      <MetricVersions versions={versions} />
    </div>
  );
}
