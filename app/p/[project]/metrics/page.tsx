import Link from '@/components/ui/project-link';
import { buttonClass } from '@/components/ui/button';
import { Table, Td } from '@/components/ui/table';
import { requirePage } from '@/lib/auth/session';
import { loadMetricsPage } from '@/lib/custom-metrics/page/load-metrics-page';
import { formatDate, metricLabel } from '@/lib/format/format';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Metrics' };

export default async function MetricsPage() {
  const principal = await requirePage();
  const metrics = await loadMetricsPage(principal.project.id);
  return (
    <div className="space-y-4">
      <div className="flex items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">Metrics</h1>
          <p className="mt-1 text-sm text-slate-600">
            Your own judged metrics (G-Eval): criteria in your words, scored 0–1 by the judge per conversation or per assistant turn. Every edit is a new version;
            a run keeps the version it used.
          </p>
        </div>
        <Link href="/metrics/new" className={buttonClass('primary')}>
          New metric
        </Link>
      </div>
      <Table
        head={['Metric', 'Judges', 'Version', 'Criteria', 'Saved']}
        empty={metrics.length === 0 ? 'No custom metric yet: write one with New metric, POST /api/v1/metrics, or turnwise eval --metric-file.' : undefined}
      >
        {metrics.map((m) => (
          <tr key={m.name}>
            <Td>
              <Link href={`/metrics/${m.name}`} className="font-medium text-indigo-700 hover:underline">
                {metricLabel(m.name)}
              </Link>
              <span className="block font-mono text-xs text-slate-500">{m.name}</span>
            </Td>
            <Td>{m.scope === 'turn' ? 'each assistant turn' : 'whole conversation'}</Td>
            <Td className="tabular-nums">v{m.version}</Td>
            <Td className="max-w-md">
              <span className="line-clamp-2 text-slate-600">{m.definition.criteria ?? `${m.definition.evaluationSteps?.length ?? 0} evaluation steps`}</span>
            </Td>
            <Td className="whitespace-nowrap text-slate-500">
              {formatDate(m.createdAt)}
              {m.createdBy ? <span className="block text-xs">{m.createdBy}</span> : null}
            </Td>
          </tr>
        ))}
      </Table>
    </div>
  );
}
