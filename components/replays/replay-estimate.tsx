'use client';

import { metricLabel } from '@/lib/format/format';
import type { ReplayEstimate } from '@/lib/replay';

const n = (value: number) => value.toLocaleString('en-US');
const usd = (value: number | null) => (value === null ? 'unknown' : value === 0 ? '$0' : value < 0.01 ? '< $0.01' : `$${value.toFixed(2)}`);

/** What the replay would cost, computed on the server from the recorded text (lib/replay/estimate-replay.ts). */
export function ReplayEstimateView({ estimate, loading, error }: { estimate: ReplayEstimate | null; loading: boolean; error: string | null }) {
  if (error) return <p className="text-sm text-rose-700">{error}</p>;
  if (!estimate) return <p className="text-sm text-slate-500">{loading ? 'Estimating…' : 'Fill in the target to see the estimate.'}</p>;
  const evaluation = estimate.evaluation;
  return (
    <div className={`space-y-2 text-sm transition-opacity ${loading ? 'opacity-60' : ''}`} data-testid="replay-estimate" aria-busy={loading}>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1.5">
        <dt className="text-slate-500">Conversations</dt>
        <dd className="text-right font-medium tabular-nums">{n(estimate.conversations)}</dd>
        <dt className="text-slate-500">Target calls</dt>
        <dd className="text-right font-medium tabular-nums" data-testid="estimate-target-calls">
          {n(estimate.targetCalls)}
        </dd>
        <dt className="text-slate-500">Target tokens</dt>
        <dd className="text-right font-medium tabular-nums">≈ {n(estimate.targetPromptTokens + estimate.targetCompletionTokens)}</dd>
        <dt className="text-slate-500">Target cost</dt>
        <dd className="text-right font-medium tabular-nums">{usd(estimate.targetCostUsd)}</dd>
        {estimate.fitJudgeCalls > 0 ? (
          <>
            <dt className="text-slate-500">Replay judge calls (fit checks or simulated user, at most)</dt>
            <dd className="text-right font-medium tabular-nums">
              {n(estimate.fitJudgeCalls)} · ≈ {n(estimate.fitJudgeTokens)} tokens
            </dd>
          </>
        ) : null}
        {evaluation ? (
          <>
            <dt className="text-slate-500">{evaluation.judgeKind === 'offline' ? 'Scoring (rules)' : 'Scoring judge calls'}</dt>
            <dd className="text-right font-medium tabular-nums" data-testid="estimate-judge-calls">
              ≈ {n(evaluation.calls)}
            </dd>
            <dt className="text-slate-500">Scoring cost</dt>
            <dd className="text-right font-medium tabular-nums">{evaluation.judgeKind === 'offline' ? 'free' : evaluation.priced ? usd(evaluation.costUsd) : 'unknown'}</dd>
          </>
        ) : null}
        <div className="col-span-2 border-t border-slate-100" aria-hidden />
        <dt className="font-medium text-slate-700">Total cost</dt>
        <dd className="text-right font-semibold tabular-nums" data-testid="estimate-cost">
          {usd(estimate.costUsd)}
        </dd>
      </dl>
      {evaluation ? <p className="text-xs text-slate-500">Then scored with {evaluation.metrics.map((m) => metricLabel(m.metric)).join(', ')}.</p> : null}
      <p className="text-xs text-slate-500">
        Tokens are counted from the recorded text (4 characters each), the new replies assumed as long as the recorded ones; retries are not counted.
        {estimate.targetCostUsd === null ? ' No price is known for this target, so its cost is not estimated.' : ''}
      </p>
    </div>
  );
}
