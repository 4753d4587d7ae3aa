import type { PreviewSnapshot } from '@/lib/imports/preview-file';
import { formatCount, plural } from '../format-labels';

const SHOWN_NAMES = 20;

/**
 * What a file exported by another tool brings beside its conversations: the scores it carries
 * (stored as a run that tool scored, to compare with Turnwise's), by tool and score name, and what
 * its format could not carry, each said once.
 */
export function CarriedScores({ snapshot }: { snapshot: PreviewSnapshot }) {
  const { scores, notes } = snapshot;
  if (scores.length === 0 && notes.length === 0) return null;
  const tools = [...new Set(scores.map((s) => s.tool))];
  const total = scores.reduce((n, s) => n + s.onTurns + s.onConversations, 0);
  const whose = tools.map((t) => `${t}’s`).join(' and ');
  return (
    <div className="space-y-4">
      {scores.length > 0 ? (
        <section aria-label="Scores" className="space-y-2" data-testid="carried-scores">
          <h3 className="text-sm font-semibold text-slate-800">
            {whose} scores{snapshot.done ? '' : ' so far'}: {formatCount(total)} on {plural(snapshot.scoredConversations, 'conversation')}
          </h3>
          <p className="text-sm text-slate-600">
            Imported with the dataset as a run {tools.join(' and ')} scored, one metric per score name, judged by the tool and score they came from. A score on a reply is
            that turn’s verdict: compare the run with one Turnwise scores on the same conversations.
          </p>
          <ul className="grid gap-1.5 sm:grid-cols-2" aria-label="Metrics scored">
            {scores.slice(0, SHOWN_NAMES).map((s) => (
              <li key={`${s.tool}:${s.name}`} className="flex items-baseline justify-between gap-2 rounded border border-slate-200 px-2 py-1 text-sm">
                <span className="truncate" title={`${s.tool}: ${s.name}`}>
                  {tools.length > 1 ? <span className="text-slate-500">{s.tool}: </span> : null}
                  <span className="font-medium text-slate-800">{s.name}</span>
                </span>
                <span className="shrink-0 text-xs text-slate-500 tabular-nums">
                  {[s.onTurns > 0 ? plural(s.onTurns, 'turn') : null, s.onConversations > 0 ? plural(s.onConversations, 'conversation') : null].filter(Boolean).join(', ')}
                </span>
              </li>
            ))}
            {scores.length > SHOWN_NAMES ? <li className="text-xs text-slate-500">and {scores.length - SHOWN_NAMES} more</li> : null}
          </ul>
        </section>
      ) : null}
      {notes.length > 0 ? (
        <section aria-label="Format notes" className="space-y-1.5" data-testid="format-notes">
          <h3 className="text-sm font-semibold text-slate-800">How this format was read</h3>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-600">
            {notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
