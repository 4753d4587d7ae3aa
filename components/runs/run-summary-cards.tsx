import { Card } from '@/components/ui/card';
import { formatPercent, formatScore, metricLabel } from '@/lib/format/format';
import { summaryEntries, type RunSummary } from '@/lib/runs/summarize-results';

export function RunSummaryCards({ summary, settings }: { summary: RunSummary; settings: unknown }) {
  const options = (settings ?? {}) as Record<string, { threshold?: number }>;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
      {summaryEntries(summary).map(([metric, s]) => (
        <Card key={metric} title={metricLabel(metric)}>
          <p className="text-3xl font-semibold tabular-nums">{formatScore(s.mean)}</p>
          <p className="mt-1 text-sm text-slate-600">
            {formatPercent(s.passRate)} pass at ≥ {options[metric]?.threshold ?? 0.5}
          </p>
          <p className="text-xs text-slate-500">
            {s.count} conversations{s.errors ? <span className="text-rose-600"> · {s.errors} errors</span> : null}
          </p>
        </Card>
      ))}
    </div>
  );
}
