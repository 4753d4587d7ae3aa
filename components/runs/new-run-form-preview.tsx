'use client';

import { metricLabel } from '@/lib/format/format';
import type { RunPreview } from '@/lib/runs/request/preview-run';

const n = (value: number) => value.toLocaleString('en-US');

function formatCost(usd: number): string {
  if (usd === 0) return '$0';
  if (usd < 0.01) return `< $0.01`;
  return `$${usd.toFixed(usd < 10 ? 2 : 0)}`;
}

function formatMinutes(ms: number): string {
  const min = ms / 60_000;
  if (min < 1) return `${Math.max(1, Math.round(ms / 1000))} s`;
  return min < 90 ? `${Math.round(min)} min` : `${(min / 60).toFixed(1)} h`;
}

/** What the run will cost, computed on the server from the dataset and the chosen options. */
export function NewRunFormPreview({ preview, loading, error }: { preview: RunPreview | null; loading: boolean; error: string | null }) {
  if (error) return <p className="text-sm text-rose-700">{error}</p>;
  if (!preview) return <p className="text-sm text-slate-500">{loading ? 'Estimating…' : 'Pick at least one metric to see the estimate.'}</p>;
  const offline = preview.judgeKind === 'offline';
  const partial = preview.sampledConversations < preview.conversations;
  const approx = offline && !partial ? '' : '≈ ';
  return (
    <div className={`space-y-3 text-sm transition-opacity ${loading ? 'opacity-60' : ''}`} data-testid="run-preview" aria-busy={loading}>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
        <dt className="text-slate-500">Results to score</dt>
        <dd className="text-right font-medium tabular-nums" data-testid="preview-items">{n(preview.items)}</dd>
        <dt className="text-slate-500">{offline ? 'Rule evaluations' : 'Judge calls'}</dt>
        <dd className="text-right font-medium tabular-nums" data-testid="preview-calls">
          {approx}
          {n(preview.calls)}
        </dd>
        <dt className="text-slate-500">Tokens</dt>
        <dd className="text-right font-medium tabular-nums">{offline ? 'none' : `${approx}${n(preview.promptTokens + preview.completionTokens)}`}</dd>
        <dt className="text-slate-500">Cost</dt>
        <dd className="text-right font-medium tabular-nums" data-testid="preview-cost">
          {offline ? 'free' : preview.priced ? `${approx}${formatCost(preview.costUsd)}` : 'unknown'}
        </dd>
      </dl>
      {offline ? (
        <p className="text-xs text-slate-500">The offline judge scores with language heuristics on this server: no network, no tokens, no cost.</p>
      ) : (
        <p className="text-xs text-slate-500" data-testid="preview-cache">
          {preview.cachedCalls > 0
            ? `The cache holds ${n(preview.cachedCalls)} of these replies from earlier runs with ${preview.judgeModel}: those calls are free and not counted above.`
            : `The cache holds no replies for these requests from earlier runs with ${preview.judgeModel}.`}
          {preview.priced ? '' : ` No price is known for ${preview.judgeModel}, so the cost is not estimated.`}
        </p>
      )}
      {preview.rateLimitedMs !== null ? (
        <p className="text-xs text-slate-500" data-testid="preview-rate-limit">
          At this judge&apos;s limits (
          {[preview.rpm ? `${n(preview.rpm)} requests` : null, preview.tpm ? `${n(preview.tpm)} tokens` : null].filter(Boolean).join(', ')} a
          minute) the run takes at least {formatMinutes(preview.rateLimitedMs)}.
        </p>
      ) : null}
      <table className="w-full text-xs">
        <thead className="text-slate-500">
          <tr>
            <th className="py-1 text-left font-normal">Metric</th>
            <th className="py-1 text-right font-normal">Results</th>
            <th className="py-1 text-right font-normal">Calls</th>
            {offline ? null : <th className="py-1 text-right font-normal">Cached</th>}
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {preview.metrics.map((m) => (
            <tr key={m.metric} className="border-t border-slate-100">
              <td className="py-1">{metricLabel(m.metric)}</td>
              <td className="py-1 text-right">{n(m.items)}</td>
              <td className="py-1 text-right">{n(m.calls)}</td>
              {offline ? null : <td className="py-1 text-right">{n(m.cachedCalls)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-xs text-slate-500">
        {partial ? `Estimated from ${n(preview.sampledConversations)} of ${n(preview.conversations)} conversations spread over the dataset. ` : ''}
        {offline
          ? 'Counted by running the pipeline with the offline judge.'
          : 'Counted with our pipeline and prompts; the later steps of a metric depend on the judge’s answers, so real counts differ a little. Tokens are estimated at 4 characters each.'}
      </p>
    </div>
  );
}
