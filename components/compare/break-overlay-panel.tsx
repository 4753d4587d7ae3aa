import { pageProjectId } from '@/lib/auth/session';
import { BreakModeLinks } from '@/components/charts/break-mode-links';
import { FirstFailureHistogram } from '@/components/charts/first-failure-histogram';
import { prepareFirstFailureHistogram } from '@/lib/charts/prepare-first-failure-histogram';
import { compareHref, tableState, type CompareSearch } from '@/lib/compare/compare-search';
import { loadBreakOverlay } from '@/lib/runs/page/load-break-overlay';
import { runName } from './delta';

/** The runs' first-failing-turn histograms overlaid per metric: where the candidate now breaks. */
export async function BreakOverlayPanel({ search }: { search: CompareSearch }) {
  // A selection the comparison cannot make is explained by the summary panel above.
  const loaded = await loadBreakOverlay(await pageProjectId(), search);
  if (!loaded) return null;
  const { runs, failures } = loaded;
  const metrics = loaded.metrics.filter((m) => failures.some((f) => (f.judged[m] ?? 0) > 0));
  if (metrics.length === 0) return null;
  const histograms = metrics.map((metric) =>
    prepareFirstFailureHistogram(
      metric,
      search.breakMode,
      runs.map((run, r) => ({ name: runName(run), rows: failures[r].rows.filter((row) => row.metric === metric), judged: failures[r].judged[metric] ?? 0 })),
    ),
  );
  return (
    <section aria-labelledby="break-heading" className="space-y-3" id="where-conversations-break">
      <h2 id="break-heading" className="text-lg font-semibold">
        Where conversations break
      </h2>
      <p className="text-sm text-slate-600">The turn at which each conversation first gets a failing verdict, in each run.</p>
      <BreakModeLinks mode={search.breakMode} hrefFor={(breakMode) => `${compareHref('/compare', { ...tableState(search), breakMode })}#where-conversations-break`} />
      <div className="grid gap-6 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 xl:grid-cols-3">
        {histograms.map((h) => (
          <FirstFailureHistogram key={h.metric} histogram={h} />
        ))}
      </div>
    </section>
  );
}
