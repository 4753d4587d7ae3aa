import { BreakModeLinks } from '@/components/charts/break-mode-links';
import { FirstFailureHistogram } from '@/components/charts/first-failure-histogram';
import { Card } from '@/components/ui/card';
import { prepareFirstFailureHistogram } from '@/lib/charts/prepare-first-failure-histogram';
import { loadRunTurnStats } from '@/lib/runs/page/load-run-turn-stats';
import type { RunMetric } from '@/lib/metrics/run-metrics';
import type { RunTableQuery } from '@/lib/domain/run-table-query';
import { runHref } from './run-links';

/** Where conversations break: per metric, how many conversations first fail at each turn. */
export async function RunBreakPanel({ run, query, metrics }: { run: { id: string; name: string }; query: RunTableQuery; metrics: RunMetric[] }) {
  const { rows, judged } = (await loadRunTurnStats(run.id)).firstFailures;
  const perTurn = metrics.filter((m) => (judged[m.name] ?? 0) > 0);
  const histograms = perTurn.map((m) =>
    prepareFirstFailureHistogram(m.name, query.breakMode, [{ name: run.name, rows: rows.filter((r) => r.metric === m.name), judged: judged[m.name] }]),
  );
  return (
    <Card title="Where conversations break">
      <div className="space-y-3" id="where-conversations-break">
        <p className="text-sm text-slate-600">The turn at which each conversation first gets a failing verdict, per metric.</p>
        {histograms.length === 0 ? (
          <p className="text-sm text-slate-500">No metric of this run gives per-turn verdicts yet.</p>
        ) : (
          <>
            <BreakModeLinks mode={query.breakMode} hrefFor={(breakMode) => `${runHref(run.id, query, { breakMode })}#where-conversations-break`} />
            <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
              {histograms.map((h) => (
                <FirstFailureHistogram key={h.metric} histogram={h} />
              ))}
            </div>
          </>
        )}
      </div>
    </Card>
  );
}
