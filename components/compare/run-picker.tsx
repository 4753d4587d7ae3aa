import Link from '@/components/ui/project-link';
import { RunStatusBadge } from '@/components/runs/run-status-badge';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { Table, Td } from '@/components/ui/table';
import { compareHref, type CompareSearch } from '@/lib/compare/compare-search';
import type { PickerRun } from '@/lib/db/queries/compare/list-picker-runs';
import { datasetLabels } from '@/lib/format/dataset-labels';
import { formatDate, formatScore, metricLabel } from '@/lib/format/format';
import { summaryEntries } from '@/lib/runs/aggregates/summarize-results';
import { parseRunSummary } from '@/lib/domain/run-summary';

export interface PickerView {
  runs: PickerRun[];
  total: number;
  datasets: { id: string; name: string; createdAt: Date }[];
  modelVersions: string[];
  page: number;
  pageCount: number;
}

const select = 'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm';

/**
 * Pick the runs to compare: a plain GET form, so the choice lands in the URL
 * (/compare?baseline=A&candidate=B&candidate=C). Runs chosen on another page of the list
 * ride along as hidden fields.
 */
export function RunPicker({ view, search, message }: { view: PickerView; search: CompareSearch; message?: string }) {
  const onPage = new Set(view.runs.map((r) => r.id));
  const datasetName = datasetLabels(view.datasets);
  const hidden = [
    ...(search.baseline && !onPage.has(search.baseline) ? [['baseline', search.baseline]] : []),
    ...search.candidates.filter((c) => !onPage.has(c)).map((c) => ['candidate', c]),
  ];
  return (
    <div className="space-y-4">
      {message ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {message}
        </p>
      ) : null}
      {/* Filtering keeps the runs already chosen. */}
      <form action="/compare" method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter runs">
        <input type="hidden" name="pick" value="1" />
        {search.baseline ? <input type="hidden" name="baseline" value={search.baseline} /> : null}
        {search.candidates.map((c) => (
          <input key={c} type="hidden" name="candidate" value={c} />
        ))}
        <label className="space-y-1 text-sm">
          <span className="block text-slate-600">Dataset</span>
          <select name="dataset" defaultValue={search.dataset ?? ''} className={select}>
            <option value="">All datasets</option>
            {view.datasets.map((d) => (
              <option key={d.id} value={d.id}>
                {datasetName.get(d.id)}
              </option>
            ))}
          </select>
        </label>
        <label className="space-y-1 text-sm">
          <span className="block text-slate-600">Model version</span>
          <select name="model" defaultValue={search.model ?? ''} className={select}>
            <option value="">All versions</option>
            {view.modelVersions.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit">Filter</Button>
      </form>
      <form action="/compare" method="get" className="space-y-4" aria-label="Pick runs">
        {hidden.map(([name, value]) => (
          <input key={`${name}-${value}`} type="hidden" name={name} value={value} />
        ))}
        <Table
          head={['Baseline', 'Compare', 'Run', 'Dataset', 'Model version', 'Status', 'Scores (mean)']}
          empty={view.runs.length === 0 ? <p className="p-4 text-sm text-slate-500">No runs match these filters.</p> : null}
        >
          {view.runs.map((run) => {
            const dataset = datasetName.get(run.datasetId) ?? run.datasetName;
            const label = `${run.modelVersion ?? 'no model version'} on ${dataset}, ${formatDate(run.createdAt)}`;
            return (
              <tr key={run.id} className="hover:bg-slate-50">
                <Td>
                  <input type="radio" name="baseline" value={run.id} defaultChecked={search.baseline === run.id} aria-label={`Baseline: ${label}`} className="size-4 accent-indigo-600" />
                </Td>
                <Td>
                  <input
                    type="checkbox"
                    name="candidate"
                    value={run.id}
                    defaultChecked={search.candidates.includes(run.id)}
                    aria-label={`Compare: ${label}`}
                    className="size-4 accent-indigo-600"
                  />
                </Td>
                <Td className="whitespace-nowrap">
                  <Link href={`/runs/${run.id}`} className="text-indigo-700 hover:underline">
                    {formatDate(run.createdAt)}
                  </Link>
                </Td>
                <Td>{dataset}</Td>
                <Td>{run.modelVersion ?? '–'}</Td>
                <Td>
                  <RunStatusBadge status={run.status} />
                </Td>
                <Td className="text-xs text-slate-600">
                  {summaryEntries(parseRunSummary(run.summary))
                    .map(([metric, s]) => `${metricLabel(metric)} ${formatScore(s.mean)}`)
                    .join(' · ')}
                </Td>
              </tr>
            );
          })}
        </Table>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Button type="submit" variant="primary">
            Compare
          </Button>
          <Pagination
            page={view.page}
            pageCount={view.pageCount}
            hrefFor={(page) => compareHref('/compare', { ...search, pick: true, page })}
            label="Run pages"
          />
        </div>
        <p className="text-xs text-slate-500">
          Pick one baseline and one or more runs to compare with it. Conversations are matched by their external id, else name, scenario or first
          message, so runs on different datasets of the same scenarios compare too.
        </p>
      </form>
    </div>
  );
}
