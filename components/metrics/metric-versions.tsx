import type { StoredCustomMetric } from '@/lib/db/queries/custom-metrics/custom-metrics';
import { formatDate } from '@/lib/format/format';

/** Every version of a metric, newest first, with what it judged by. */
export function MetricVersions({ versions }: { versions: StoredCustomMetric[] }) {
  return (
    <section className="space-y-3" aria-label="Versions">
      <h2 className="text-lg font-semibold">Versions</h2>
      <ol className="space-y-3">
        {versions.map((v) => (
          <li key={v.version} className="rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm">
            <p className="font-medium">
              Version {v.version}{' '}
              <span className="font-normal text-slate-500">
                · {formatDate(v.createdAt)}
                {v.createdBy ? ` · ${v.createdBy}` : ''} · {v.scope === 'turn' ? `each assistant turn, window ${v.definition.windowSize}` : 'whole conversation'} · threshold{' '}
                {v.definition.threshold}
                {v.definition.strictMode ? ' · strict' : ''}
              </span>
            </p>
            {v.definition.criteria ? <p className="mt-1 whitespace-pre-wrap break-words text-slate-700">{v.definition.criteria}</p> : null}
            <p className="mt-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
              Evaluation steps{v.stepsWritten ? ' (written by the judge)' : ''}
            </p>
            <ol className="list-decimal pl-5 text-slate-700">
              {(v.definition.evaluationSteps ?? []).map((s, i) => (
                <li key={i} className="break-words">
                  {s}
                </li>
              ))}
            </ol>
            {v.definition.rubric?.length ? (
              <>
                <p className="mt-2 text-xs font-semibold uppercase tracking-wide text-slate-500">Rubric</p>
                <ul className="text-slate-700">
                  {v.definition.rubric.map((r) => (
                    <li key={r.range.join('-')}>
                      <span className="tabular-nums">{r.range[0] === r.range[1] ? r.range[0] : `${r.range[0]}–${r.range[1]}`}</span>: {r.meaning}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            <p className="mt-2 text-xs text-slate-500">Shows the judge: {v.definition.fields.join(', ').replace(/_/g, ' ')}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
