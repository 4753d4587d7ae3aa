import { Card } from '@/components/ui/card';
import { prepareMetricCards } from '@/lib/charts/prepare-metric-cards';
import type { RunMetric } from '@/lib/metrics/run-metrics';
import type { RunScoreStats } from '@/lib/runs/aggregates/score-stats';

const toneClass = { good: 'text-emerald-700', bad: 'text-rose-700', none: 'text-slate-400' } as const;

/** A card per metric: mean score, pass rate at the threshold, errors. */
export async function RunMetricCards({ stats, metrics }: { stats: Promise<RunScoreStats>; metrics: RunMetric[] }) {
  const { metrics: perMetric } = await stats;
  const scale = new Map(metrics.map((m) => [m.name, m.scale]));
  const cards = prepareMetricCards(perMetric.map((m) => ({ ...m, scale: scale.get(m.metric) })));
  if (cards.length === 0) return <p className="text-sm text-slate-500">No results yet.</p>;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5" data-testid="metric-cards">
      {cards.map((c) => (
        <Card key={c.metric} title={c.title}>
          <div data-testid={`metric-card-${c.metric}`}>
            <p className={`text-3xl font-semibold tabular-nums ${toneClass[c.tone]}`}>{c.mean}</p>
            <p className="mt-1 text-sm text-slate-600">
              <span className="font-medium tabular-nums text-slate-800">{c.passRate}</span> pass at ≥ {c.threshold}
            </p>
            <p className={`text-xs ${c.errors ? 'text-rose-600' : 'text-slate-500'}`}>{c.detail}</p>
          </div>
        </Card>
      ))}
    </div>
  );
}
