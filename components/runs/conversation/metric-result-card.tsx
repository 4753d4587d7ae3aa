import { Badge } from '@/components/ui/badge';
import type { RunConversationResult } from '@/lib/runs/page/load-run-conversation';
import type { JudgeCacheEntryView } from '@/lib/db/queries/conversations/list-judge-cache-entries';
import { metricLabel } from '@/lib/format/format';
import { JudgeCalls } from './judge-calls';
import { MetricSteps } from './metric-steps';

/** One metric's result on the conversation: score, reason or error, its steps, its judge calls. */
export function MetricResultCard({
  result,
  scale,
  cache,
  offline,
}: {
  result: RunConversationResult;
  scale: number;
  cache: Map<string, JudgeCacheEntryView>;
  offline: boolean;
}) {
  const digits = scale >= 10 ? 0 : 2;
  return (
    <section
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      data-testid={`result-${result.metric}`}
      aria-label={`${metricLabel(result.metric)} result`}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-slate-800">{metricLabel(result.metric)}</h3>
        <p className="flex items-center gap-2 text-sm">
          <span className="text-2xl font-semibold tabular-nums">{result.score === null ? '–' : result.score.toFixed(digits)}</span>
          {result.error ? <Badge tone="amber">error</Badge> : result.success ? <Badge tone="green">pass</Badge> : <Badge tone="red">fail</Badge>}
          <span className="text-xs text-slate-500">threshold {(result.threshold * scale).toFixed(digits)}</span>
        </p>
      </header>
      {result.error ? <p className="whitespace-pre-wrap break-words rounded bg-amber-50 p-2 text-sm text-amber-900">{result.error}</p> : null}
      {result.reason ? <p className="whitespace-pre-wrap break-words text-sm text-slate-700">{result.reason}</p> : null}
      {result.warnings.length > 0 ? (
        <div className="rounded border border-violet-200 bg-violet-50 p-2 text-xs text-violet-900" data-testid={`warnings-${result.metric}`}>
          <p className="font-semibold">Left out of the score</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-4">
            {result.warnings.map((w, i) => (
              <li key={i} className="break-words">
                {w}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <MetricSteps metric={result.metric} steps={result.steps} />
      {result.imported && result.calls.length === 0 ? null : <JudgeCalls calls={result.calls} unreadable={result.unreadableCalls} cache={cache} offline={offline} />}
    </section>
  );
}
