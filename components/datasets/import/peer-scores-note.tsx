import type { PreviewScore } from '@/lib/imports/preview-file';

const count = (n: number, what: string) => `${n.toLocaleString('en-US')} ${what}${n === 1 ? '' : 's'}`;

/** The scores that come with the conversations (Langfuse, Opik): they are stored as a run beside the dataset. */
export function PeerScoresNote({ scores }: { scores: PreviewScore[] }) {
  if (scores.length === 0) return null;
  const tools = [...new Set(scores.map((s) => s.tool))];
  return (
    <section aria-label="Scores" className="space-y-2" data-testid="peer-scores">
      <div>
        <h3 className="text-sm font-semibold text-slate-800">Scores that come along</h3>
        <p className="text-xs text-slate-500">
          Stored as a run on the new dataset, judged by {tools.join(' and ')}: compare puts it beside the runs Turnwise scores. A score on a trace is the verdict of that turn.
        </p>
      </div>
      <ul className="grid gap-1.5 sm:grid-cols-2">
        {scores.map((s) => (
          <li key={`${s.tool}:${s.name}`} className="flex items-baseline justify-between gap-2 rounded border border-slate-200 px-2 py-1 text-sm">
            <span className="truncate" title={`${s.tool}: ${s.name}`}>
              <span className="text-slate-500">{s.tool}:</span> <span className="font-medium text-slate-800">{s.name}</span>
            </span>
            <span className="shrink-0 text-xs text-slate-500 tabular-nums">
              {[s.onTurns > 0 ? count(s.onTurns, 'turn') : null, s.onConversations > 0 ? count(s.onConversations, 'conversation') : null].filter(Boolean).join(', ')}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
