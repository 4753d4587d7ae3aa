import Link from '@/components/ui/project-link';
import { LongText } from '@/components/conversations/long-text';
import { ITEM_PREVIEW_CHARS, previewOf } from '@/lib/conversations/text-preview';
import type { PreparedConversationVerdicts } from '@/lib/charts/prepare-turn-verdicts';
import type { RunConversation } from '@/lib/runs/page/load-run-conversation';
import type { RunMetric } from '@/lib/metrics/run-metrics';
import { isLiveRun } from '@/lib/domain/run-progress';
import { metricLabel } from '@/lib/format/format';
import { runConversationHref } from '../run-links';

export function ConversationHeader({
  run,
  conversation,
  verdicts,
  metrics,
}: {
  run: { id: string; status: string; dataset: { name: string; conversationCount: number } };
  conversation: RunConversation;
  verdicts: PreparedConversationVerdicts;
  metrics: RunMetric[];
}) {
  const nav = 'rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm text-slate-700 shadow-sm hover:bg-slate-50';
  const scale = new Map(metrics.map((m) => [m.name, m.scale]));
  return (
    <div className="space-y-3">
      <p className="text-sm">
        <Link href={`/runs/${run.id}`} className="text-indigo-700 hover:underline">
          ← Run on {run.dataset.name}
        </Link>
      </p>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{conversation.label}</h1>
          <p className="text-sm text-slate-500">
            Conversation {(conversation.position + 1).toLocaleString('en-US')} of {run.dataset.conversationCount.toLocaleString('en-US')} · {conversation.turns.length} turns
          </p>
        </div>
        <nav aria-label="Other conversations" className="flex gap-2">
          {conversation.previousId ? (
            <Link href={runConversationHref(run.id, conversation.previousId)} prefetch={false} className={nav} rel="prev">
              ‹ Previous
            </Link>
          ) : null}
          {conversation.nextId ? (
            <Link href={runConversationHref(run.id, conversation.nextId)} prefetch={false} className={nav} rel="next">
              Next ›
            </Link>
          ) : null}
        </nav>
      </div>
      {conversation.scenario || conversation.expectedOutcome || conversation.userDescription || conversation.chatbotRole || conversation.relevantTopics.length ? (
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
          {(
            [
              ['Scenario', conversation.scenario, 'scenario'],
              ['Expected outcome', conversation.expectedOutcome, 'expectedOutcome'],
              ['User', conversation.userDescription, 'userDescription'],
              ['Chatbot role', conversation.chatbotRole, 'chatbotRole'],
              ['Relevant topics', conversation.relevantTopics.join(', '), null],
            ] as const
          ).map(([label, value, field]) =>
            value ? (
              <div key={label} className="contents">
                <dt className="text-slate-500">{label}</dt>
                <dd className="whitespace-pre-wrap break-words text-slate-800" data-testid={field ? `field-${field}` : undefined}>
                  {/* Long texts go as their start; "show all" loads the rest. */}
                  {field ? <LongText preview={previewOf(value, ITEM_PREVIEW_CHARS)} source={{ conversationId: conversation.id, field }} /> : value}
                </dd>
              </div>
            ) : null,
          )}
        </dl>
      ) : null}
      <ul className="flex flex-wrap gap-2 text-sm" aria-label="Scores">
        {conversation.results.length === 0 ? <li className="text-slate-500">Not scored yet.</li> : null}
        {metrics.flatMap((m) => {
          const r = conversation.results.find((x) => x.metric === m.name);
          // An ended run without this result left the conversation out: it lacks what the metric needs.
          if (!r && m.needs && !isLiveRun(run.status) && conversation.results.length > 0) {
            return [
              <li key={m.name} className="rounded-md bg-slate-50 px-2 py-1 text-slate-600 ring-1 ring-inset ring-slate-300" data-testid={`not-applicable-${m.name}`}>
                {metricLabel(m.name)}: not applicable (needs {m.needs})
              </li>,
            ];
          }
          if (!r) return [];
          const tone = r.error ? 'bg-amber-50 text-amber-800 ring-amber-600/20' : r.success ? 'bg-emerald-50 text-emerald-800 ring-emerald-600/20' : 'bg-rose-50 text-rose-800 ring-rose-600/20';
          const digits = (scale.get(m.name) ?? 1) >= 10 ? 0 : 2;
          return [
            <li key={m.name} className={`rounded-md px-2 py-1 ring-1 ring-inset ${tone}`}>
              {metricLabel(m.name)}: <span className="font-semibold tabular-nums">{r.score === null ? 'error' : r.score.toFixed(digits)}</span>
              {r.error ? null : r.success ? ' pass' : ' fail'}
            </li>,
          ];
        })}
      </ul>
      <p className="text-sm text-slate-600" data-testid="failing-summary">
        {verdicts.firstFailingTurn === null ? (
          `No turn failed a metric${verdicts.failingRetrievals ? '' : '.'}`
        ) : (
          <>
            {verdicts.failingTurns} failing {verdicts.failingTurns === 1 ? 'turn' : 'turns'}, the first at{' '}
            <a href={`?turn=${verdicts.firstFailingTurn}#turn-${verdicts.firstFailingTurn}`} className="text-rose-700 underline">
              turn {verdicts.firstFailingTurn + 1}
            </a>
            {verdicts.failingRetrievals ? '' : '.'}
          </>
        )}
        {verdicts.failingRetrievals ? (
          <span data-testid="failing-retrievals">
            {verdicts.firstFailingTurn === null ? ' on its reply' : ''}; the retrieval context of {verdicts.failingRetrievals} {verdicts.failingRetrievals === 1 ? 'turn' : 'turns'} failed a metric that judges what was retrieved.
          </span>
        ) : null}
      </p>
    </div>
  );
}
