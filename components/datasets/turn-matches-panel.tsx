import { loadTurnMatches, MATCH_COUNT_CAP } from '@/lib/datasets/page/load-turn-matches';
import { snippetParts } from '@/lib/search/search-terms';

const SHOWN = 25;

/** Turns whose text has every searched word, best first, each linked to the turn in its conversation. */
export async function TurnMatchesPanel({ datasetId, q }: { datasetId: string; q: string }) {
  const { matches, total } = await loadTurnMatches(datasetId, q, SHOWN);
  return (
    <section aria-labelledby="turn-matches-heading" className="space-y-2">
      <h3 id="turn-matches-heading" className="text-sm font-semibold text-slate-800">
        {heading(q, matches.length, total)}
      </h3>
      {matches.length > 0 ? (
        <ol className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" data-testid="turn-matches">
          {matches.map((m) => (
            <li key={`${m.conversationId}-${m.turnIndex}`}>
              {/* A document load: the browser then scrolls to the turn and marks it (:target). */}
              <a href={`/datasets/${datasetId}/conversations/${m.conversationId}?turn=${m.turnIndex}#turn-${m.turnIndex}`} className="block px-3 py-2 text-sm hover:bg-slate-50">
                <span className="block text-xs text-slate-600">
                  <span className="font-medium text-indigo-700 underline">{m.label}</span> · turn {m.turnIndex + 1} · {m.role}
                </span>
                <span className="mt-0.5 block break-words text-slate-800">
                  {snippetParts(m.snippet).map((part, i) =>
                    part.match ? (
                      <mark key={i} className="rounded-sm bg-amber-100 px-0.5 text-amber-950">
                        {part.text}
                      </mark>
                    ) : (
                      <span key={i}>{part.text}</span>
                    ),
                  )}
                </span>
              </a>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}

function heading(q: string, shown: number, total: number): string {
  if (shown === 0) return `No turn mentions “${q}”`;
  if (total <= shown) return `${shown} ${shown === 1 ? 'turn mentions' : 'turns mention'} “${q}”`;
  const of = total > MATCH_COUNT_CAP ? `more than ${MATCH_COUNT_CAP.toLocaleString('en-US')}` : total.toLocaleString('en-US');
  return `The ${shown} best of ${of} turns that mention “${q}”: add a word to narrow them`;
}
