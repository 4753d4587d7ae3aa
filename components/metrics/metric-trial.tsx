'use client';

import { VerdictBadge } from '@/components/runs/conversation/verdict-badge';
import type { CustomMetricTrial } from '@/lib/custom-metrics/try-custom-metric';
import { formatScore } from '@/lib/format/format';

/** The judge's answer on the conversation tried: score, pass or fail, reason, and each turn's verdict. */
export function MetricTrial({ trial }: { trial: CustomMetricTrial }) {
  const { result } = trial;
  return (
    <div className="space-y-2 border-t border-slate-100 pt-3 text-sm" aria-label="Trial result">
      <p className="text-xs text-slate-500">
        Conversation {trial.conversation.position} · {trial.conversation.turns} turns · {result.usage.calls} judge {result.usage.calls === 1 ? 'call' : 'calls'}
        {trial.stepsWritten ? ' · steps written by the judge' : ''}
      </p>
      {result.error ? (
        <p className="text-rose-700">The judge failed: {result.error}</p>
      ) : (
        <p>
          Score <span className="font-semibold tabular-nums">{formatScore(result.score)}</span>{' '}
          <span className={result.success ? 'text-emerald-700' : 'text-rose-700'}>{result.success ? 'passes' : 'fails'}</span>
          <span className="text-slate-500"> (threshold {result.threshold})</span>
        </p>
      )}
      {result.reason ? <p className="break-words text-slate-700">{result.reason}</p> : null}
      {result.verdicts.length > 0 ? (
        <ul className="space-y-1">
          {result.verdicts.map((v) => (
            <li key={v.turn} className="grid grid-cols-[auto_minmax(0,1fr)] gap-2 text-xs">
              <VerdictBadge verdict={v.verdict} />
              <span className="break-words text-slate-600">
                Turn {v.turn + 1}: {v.reason}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
