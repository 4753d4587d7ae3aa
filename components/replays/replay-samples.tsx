import type { ReplayDetail } from '@/lib/replay/replay-view';

const n = (value: number) => value.toLocaleString('en-US');

/**
 * How much a replay's generations of the same turn differ (samples > 1): the turns whose
 * samples are not all alike, their mean word overlap with the turn's own reply, and the turns
 * that differ most with their texts side by side. The samples are never scored.
 */
export function ReplaySamples({ samples }: { samples: NonNullable<ReplayDetail['samples']> }) {
  const overlap = samples.meanSimilarity === null ? null : Math.round(samples.meanSimilarity * 100);
  return (
    <section aria-label="Samples" data-testid="replay-samples" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-sm font-semibold text-slate-700">Samples: {samples.perTurn} generations per turn</h2>
        <span className="text-xs text-slate-500">The first is the new version&apos;s turn and the only one scored.</span>
      </div>
      {samples.turns === 0 ? (
        <p className="text-sm text-slate-600">No turn has its samples yet.</p>
      ) : (
        <p className="text-sm text-slate-700" data-testid="replay-samples-summary">
          {n(samples.differing)} of {n(samples.turns)} turns differ between samples
          {overlap === null ? '' : ` · mean word overlap with the turn ${overlap}%`}
          {samples.failed ? ` · ${n(samples.failed)} samples failed` : ''}.
        </p>
      )}
      {samples.examples.length > 0 ? (
        <ul className="space-y-3">
          {samples.examples.map((example) => (
            <li key={`${example.conversation}:${example.turn}`} className="rounded-md border border-slate-100 bg-slate-50 p-3 text-sm">
              <p className="mb-2 text-xs font-medium text-slate-600">
                Conversation {example.conversation}, turn {example.turn} · word overlap {Math.round(example.similarity * 100)}%
              </p>
              <ol className="grid gap-2 md:grid-cols-2">
                {example.texts.map((text, i) => (
                  <li key={i} className="rounded bg-white p-2 text-slate-800 shadow-sm">
                    <span className="block text-xs text-slate-500">{i === 0 ? 'Sample 1 (the turn)' : `Sample ${i + 1}`}</span>
                    <span className="whitespace-pre-wrap break-words">{text.length > 600 ? `${text.slice(0, 600)}…` : text}</span>
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
