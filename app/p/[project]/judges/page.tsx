import Link from '@/components/ui/project-link';
import { formatCost } from '@/lib/format/cost';
import { Table, Td } from '@/components/ui/table';
import { loadJudgesPage } from '@/lib/agreement/page/load-judges-page';
import { requirePage } from '@/lib/auth/session';
import { formatDate, metricLabel } from '@/lib/format/format';
import { orNotFound } from '@/lib/http/or-not-found';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Judges' };

export default async function JudgesPage(props: { searchParams: Promise<{ dataset?: string }> }) {
  const principal = await requirePage();
  const { dataset: datasetId } = await props.searchParams;
  const { datasets, dataset, ranking } = await orNotFound(loadJudgesPage(principal.project.id, datasetId));
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">Judges</h1>
        <p className="mt-1 text-sm text-slate-600">
          Judge models and settings ranked by how far they agree with people on one labelled dataset (Cohen’s κ of each run’s per-turn verdicts against the
          labels from the file and reviews), with what they cost.
        </p>
      </div>
      <nav aria-label="Datasets" className="flex flex-wrap gap-2 text-sm">
        {datasets.map((d) => (
          <Link
            key={d.id}
            href={`/judges?dataset=${d.id}`}
            aria-current={d.id === dataset?.id ? 'page' : undefined}
            className={`rounded-full border px-3 py-1 ${d.id === dataset?.id ? 'border-indigo-600 bg-indigo-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`}
          >
            {d.name}
          </Link>
        ))}
      </nav>
      {!ranking ? (
        <p className="text-sm text-slate-500">Pick a dataset whose turns people labelled; run it with each judge you want to weigh.</p>
      ) : (
        <Table
          head={['Rank', 'Judge', 'Run', ...ranking.metrics.map(metricLabel), 'Mean κ', 'Cost', 'Judge calls']}
          empty={ranking.rows.length === 0 ? 'No finished run of this dataset yet.' : undefined}
        >
          {ranking.rows.map((r) => (
            <tr key={r.runId} data-run={r.runId}>
              {/* Equal agreement, equal rank (the cheaper run is listed first). */}
              <Td className="tabular-nums">{r.meanKappa === null ? '–' : ranking.rows.filter((o) => (o.meanKappa ?? -Infinity) > r.meanKappa!).length + 1}</Td>
              <Td className="font-medium">{r.judge}</Td>
              <Td>
                <Link href={`/runs/${r.runId}`} className="text-indigo-700 hover:underline">
                  {r.modelVersion ?? formatDate(r.createdAt)}
                </Link>
              </Td>
              {ranking.metrics.map((m) => (
                <Td key={m} className="tabular-nums">
                  {r.kappas[m] ? `${r.kappas[m].kappa === null ? '–' : r.kappas[m].kappa!.toFixed(2)} (${r.kappas[m].n})` : '–'}
                </Td>
              ))}
              <Td className="font-semibold tabular-nums">{r.meanKappa === null ? 'no labels' : r.meanKappa.toFixed(2)}</Td>
              <Td className="tabular-nums">{formatCost(r.cost, r.costUsd)}</Td>
              <Td className="tabular-nums">{r.judgeCalls.toLocaleString('en-US')}</Td>
            </tr>
          ))}
        </Table>
      )}
    </div>
  );
}
