import { ScoreHistogram } from '@/components/charts/score-histogram';
import { Card } from '@/components/ui/card';
import { prepareScoreHistogram } from '@/lib/charts/prepare-score-histogram';
import type { RunMetric } from '@/lib/metrics/run-metrics';
import type { RunScoreStats } from '@/lib/runs/aggregates/score-stats';

/** The score distribution of each metric: how many conversations scored in each range. */
export async function RunScoreHistograms({ stats, metrics }: { stats: Promise<RunScoreStats>; metrics: RunMetric[] }) {
  const { metrics: perMetric } = await stats;
  const scale = new Map(metrics.map((m) => [m.name, m.scale]));
  const histograms = perMetric.map((m) => prepareScoreHistogram({ ...m, scale: scale.get(m.metric) }));
  return (
    <Card title="Score distribution">
      {histograms.length === 0 ? (
        <p className="text-sm text-slate-500">No results yet.</p>
      ) : (
        <>
          <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
            {histograms.map((h) => (
              <ScoreHistogram key={h.metric} histogram={h} />
            ))}
          </div>
          <p className="mt-3 flex gap-4 text-xs text-slate-500">
            <span className="flex items-center gap-1.5">
              <span aria-hidden className="inline-block h-3 w-3 rounded-sm" style={{ backgroundColor: histograms[0].passColour }} /> passed its threshold
            </span>
            <span className="flex items-center gap-1.5">
              <span aria-hidden className="inline-block h-3 w-3 rounded-sm" style={{ backgroundColor: histograms[0].failColour }} /> failed
            </span>
          </p>
        </>
      )}
    </Card>
  );
}
