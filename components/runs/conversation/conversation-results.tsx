import type { RunConversationResult } from '@/lib/runs/page/load-run-conversation';
import { loadResultJudgeCache } from '@/lib/runs/page/load-result-judge-cache';
import type { RunMetric } from '@/lib/metrics/run-metrics';
import { MetricResultCard } from './metric-result-card';

/** Every metric's result on the conversation, with the cached judge exchanges behind them. */
export async function ConversationResults({ results, metrics, offline }: { results: RunConversationResult[]; metrics: RunMetric[]; offline: boolean }) {
  const cache = await loadResultJudgeCache(results);
  const order = metrics.map((m) => m.name);
  const sorted = [...results].sort((a, b) => order.indexOf(a.metric) - order.indexOf(b.metric));
  const scale = new Map(metrics.map((m) => [m.name, m.scale]));
  if (sorted.length === 0) return <p className="text-sm text-slate-500">No metric has scored this conversation yet.</p>;
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      {sorted.map((r) => (
        <MetricResultCard key={r.metric} result={r} scale={scale.get(r.metric) ?? 1} cache={cache} offline={offline} />
      ))}
    </div>
  );
}
