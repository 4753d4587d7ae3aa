import { Badge } from '@/components/ui/badge';
import type { PreviewSnapshot } from '@/lib/imports/preview-file';
import { formatCount, plural } from '../format-labels';

const ORIGINS: Record<string, string> = { promptfoo: 'promptfoo', langsmith: 'LangSmith' };
const SHOWN_METRICS = 20;

/**
 * What a file exported by another tool brings beside its conversations: the scores it carries
 * (stored as a run that tool scored, to compare with Turnwise's), and what its format could not
 * carry, each said once.
 */
export function CarriedScores({ snapshot }: { snapshot: PreviewSnapshot }) {
  const { carriedScores: scores, notes } = snapshot;
  if (scores.count === 0 && notes.length === 0) return null;
  const tool = scores.origin ? (ORIGINS[scores.origin] ?? scores.origin) : 'the tool';
  return (
    <div className="space-y-4">
      {scores.count > 0 ? (
        <section aria-label="Scores" className="space-y-2" data-testid="carried-scores">
          <h3 className="text-sm font-semibold text-slate-800">
            {tool}’s scores{snapshot.done ? '' : ' so far'}: {formatCount(scores.count)} on {plural(scores.conversations, 'conversation')}
          </h3>
          <p className="text-sm text-slate-600">
            Imported with the dataset as a run {tool} scored, one metric per score name, per conversation and on the turn each score judged:
            compare it with a run Turnwise scores on the same conversations.
          </p>
          <ul className="flex flex-wrap gap-1.5" aria-label="Metrics scored">
            {scores.metrics.slice(0, SHOWN_METRICS).map((m) => (
              <li key={m}>
                <Badge tone="blue">{m}</Badge>
              </li>
            ))}
            {scores.metrics.length > SHOWN_METRICS ? <li className="text-xs text-slate-500">and {scores.metrics.length - SHOWN_METRICS} more</li> : null}
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
