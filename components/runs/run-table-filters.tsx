import Form from 'next/form';
import Link from '@/components/ui/project-link';
import type { RunMetric } from '@/lib/metrics/run-metrics';
import type { RunTableQuery } from '@/lib/domain/run-table-query';
import { metricLabel } from '@/lib/format/format';
import { runHref } from './run-links';

/**
 * The table's filters as a GET form: submitting puts them in the URL's search params (page
 * back to 1); the sort and the verdict map's state ride along as hidden fields.
 */
export function RunTableFilters({ runId, query, metrics }: { runId: string; query: RunTableQuery; metrics: RunMetric[] }) {
  const field = 'rounded-md border border-slate-300 bg-white px-2 py-1 text-sm shadow-sm';
  return (
    <Form action={`/runs/${runId}`} scroll={false} className="flex flex-wrap items-end gap-3 text-sm" aria-label="Filter conversations">
      {query.sort ? <input type="hidden" name="sort" value={query.sort} /> : null}
      {query.sort && query.dir === 'desc' ? <input type="hidden" name="dir" value="desc" /> : null}
      {query.mapMetric ? <input type="hidden" name="vmetric" value={query.mapMetric} /> : null}
      {query.mapPage > 1 ? <input type="hidden" name="vpage" value={query.mapPage} /> : null}
      {query.breakMode === 'share' ? <input type="hidden" name="bmode" value="share" /> : null}
      <label className="flex items-center gap-2 self-center">
        <input type="checkbox" name="failed" value="1" defaultChecked={query.failedOnly} className="h-4 w-4 rounded border-slate-300" />
        Failed only
      </label>
      <label className="flex items-center gap-2 self-center">
        <input type="checkbox" name="unstable" value="1" defaultChecked={query.unstableOnly} className="h-4 w-4 rounded border-slate-300" />
        Unstable only
      </label>
      <label className="flex flex-col gap-0.5">
        <span className="text-xs text-slate-500">Metric</span>
        <select name="metric" defaultValue={query.metric ?? ''} className={field}>
          <option value="">Any metric</option>
          {metrics.map((m) => (
            <option key={m.name} value={m.name}>
              {metricLabel(m.name)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-0.5">
        <span className="text-xs text-slate-500">Score from</span>
        <input type="number" name="min" step="any" defaultValue={query.minScore ?? ''} placeholder="min" className={`${field} w-24`} />
      </label>
      <label className="flex flex-col gap-0.5">
        <span className="text-xs text-slate-500">to</span>
        <input type="number" name="max" step="any" defaultValue={query.maxScore ?? ''} placeholder="max" className={`${field} w-24`} />
      </label>
      <button type="submit" className="rounded-md bg-indigo-600 px-3 py-1.5 font-medium text-white shadow-sm hover:bg-indigo-700">
        Apply
      </button>
      <Link
        href={runHref(runId, query, { metric: null, failedOnly: false, unstableOnly: false, minScore: null, maxScore: null, page: 1 })}
        prefetch={false}
        scroll={false}
        className="self-center text-slate-600 hover:underline"
      >
        Clear filters
      </Link>
    </Form>
  );
}
