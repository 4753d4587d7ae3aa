import { TurnMessage } from '@/components/conversations/turn-message';
import type { PreparedTurnVerdicts, PreparedVerdictChip } from '@/lib/charts/prepare-turn-verdicts';
import type { RunConversationTurn } from '@/lib/db/queries/conversations/get-run-conversation';
import { windowAnchor } from './metric-steps';
import { ReviewControls } from './review-controls';
import { type ReviewState } from '../../../lib/agreement/review-states';

/** Metrics whose per-turn verdict comes from a window whose detail sits in the steps. */
const WINDOWED = new Set(['turn_faithfulness', 'turn_contextual_recall', 'turn_contextual_precision', 'turn_contextual_relevancy']);

/** One turn of the chat, with the verdict of every metric that judged it beside it. */
export interface TurnReviews {
  runId: string;
  conversationId: string;
  /** By metric: the reader's label and how many others labelled it. */
  byMetric: Record<string, ReviewState>;
}

export function ConversationTurn({
  turn,
  verdicts,
  selected,
  reviews,
  withoutWindows,
}: {
  turn: RunConversationTurn;
  verdicts: PreparedTurnVerdicts;
  selected: boolean;
  reviews: TurnReviews;
  /** Metrics whose results have no window detail in their steps (scored by another tool). */
  withoutWindows?: ReadonlySet<string>;
}) {
  const user = turn.role === 'user';
  return (
    <li
      id={`turn-${turn.index}`}
      data-testid={`turn-${turn.index}`}
      data-failing={verdicts.failing ? 'true' : 'false'}
      className={`grid scroll-mt-24 gap-3 rounded-lg border-l-4 p-3 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] ${
        verdicts.failing ? 'border-l-rose-500 bg-rose-50/60' : 'border-l-transparent'
      } ${selected ? 'ring-2 ring-indigo-400' : ''}`}
    >
      <div className="min-w-0">
        <TurnMessage
          turn={turn}
          index={turn.index}
          stored={{ conversationId: reviews.conversationId }}
          badge={
            verdicts.failing ? (
              <span className="rounded bg-rose-600 px-1.5 py-0.5 font-semibold text-white" data-testid="failing-turn-marker">
                failing turn
              </span>
            ) : null
          }
          retrieval={
            verdicts.retrieval.chips.length
              ? (block) => (
                  // The verdicts of metrics that judge what the retriever returned sit on the retrieved items, not on the reply.
                  <div
                    className={`space-y-1.5 rounded-md border-l-4 p-2 ${verdicts.retrieval.failing ? 'border-l-rose-500 bg-rose-50/60' : 'border-l-slate-200 bg-slate-50/60'}`}
                    data-testid={`retrieval-verdicts-${turn.index}`}
                    data-failing={verdicts.retrieval.failing ? 'true' : 'false'}
                    role="group"
                    aria-label={`Verdicts on the retrieval context of turn ${turn.index + 1}`}
                  >
                    <p className="flex items-center gap-2 text-xs text-slate-500">
                      <span className="font-semibold tracking-wide uppercase">Retrieved for this reply</span>
                      {verdicts.retrieval.failing ? (
                        <span className="rounded bg-rose-600 px-1.5 py-0.5 font-semibold text-white" data-testid="failing-retrieval-marker">
                          failing retrieval
                        </span>
                      ) : null}
                    </p>
                    {block}
                    {verdicts.retrieval.chips.map((chip) => (
                      <VerdictChipCard key={chip.metric} chip={chip} turn={turn} reviews={reviews} withoutWindows={withoutWindows} />
                    ))}
                  </div>
                )
              : undefined
          }
        />
      </div>
      <div className="min-w-0 space-y-1.5" role="group" aria-label={`Verdicts on turn ${turn.index + 1}`}>
        {verdicts.chips.length === 0 ? (
          <p className="text-xs text-slate-400">{user ? '' : verdicts.retrieval.chips.length ? 'No metric judged the reply; the verdicts on its retrieval context are beside it.' : 'No metric judged this turn.'}</p>
        ) : (
          verdicts.chips.map((chip) => <VerdictChipCard key={chip.metric} chip={chip} turn={turn} reviews={reviews} withoutWindows={withoutWindows} />)
        )}
      </div>
    </li>
  );
}

/** One metric's verdict on a turn (its message or its retrieval context): label, score, reason, the file's label, review, window link. */
function VerdictChipCard({
  chip,
  turn,
  reviews,
  withoutWindows,
}: {
  chip: PreparedVerdictChip;
  turn: RunConversationTurn;
  reviews: TurnReviews;
  withoutWindows?: ReadonlySet<string>;
}) {
  return (
    <div
      className="rounded-md border bg-white px-2 py-1.5 text-xs"
      style={{ borderColor: chip.border, borderLeftWidth: 4 }}
      data-testid={`verdict-${turn.index}-${chip.metric}`}
      data-verdict={chip.state}
    >
      <p className="flex items-center justify-between gap-2">
        <span className="font-medium text-slate-700">{chip.title}</span>
        <span className="flex items-center gap-1.5">
          {chip.score !== null ? <span className="tabular-nums text-slate-500">{chip.score}</span> : null}
          <span className="rounded px-1.5 py-0.5 font-semibold" style={{ backgroundColor: chip.colour, color: chip.ink }}>
            {chip.label}
          </span>
        </span>
      </p>
      <p className="mt-1 whitespace-pre-wrap break-words text-slate-600">{chip.reason}</p>
      {turn.labels[chip.metric] ? (
        <p className="mt-1 text-[11px] text-slate-500" data-testid={`file-label-${turn.index}-${chip.metric}`}>
          Label from the dataset file: <span className="font-medium text-slate-700">{turn.labels[chip.metric] === 'yes' ? 'pass' : 'fail'}</span>
          {turn.labels[chip.metric] === chip.state ? ' (agrees with the judge)' : chip.state === 'yes' || chip.state === 'no' ? ' (the judge disagrees)' : ''}
        </p>
      ) : null}
      <ReviewControls
        // A new conversation (or a fresh server answer) starts from what the server holds, not from this one's state.
        key={`${reviews.conversationId}:${turn.index}:${chip.metric}:${reviews.byMetric[chip.metric]?.mine?.verdict ?? ''}`}
        runId={reviews.runId}
        conversationId={reviews.conversationId}
        turnIndex={turn.index}
        metric={chip.metric}
        title={chip.title}
        judge={chip.state}
        review={reviews.byMetric[chip.metric] ?? { mine: null, others: 0 }}
      />
      {WINDOWED.has(chip.metric) && !withoutWindows?.has(chip.metric) ? (
        <a href={`#${windowAnchor(chip.metric, turn.index)}`} className="mt-1 inline-block text-indigo-700 hover:underline">
          Window detail
        </a>
      ) : null}
    </div>
  );
}
