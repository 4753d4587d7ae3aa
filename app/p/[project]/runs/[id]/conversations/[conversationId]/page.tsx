import { ScrollToHash } from '@/components/ui/scroll-to-hash';
import { Suspense } from 'react';
import { VerdictLegend } from '@/components/charts/verdict-legend';
import { ConversationHeader } from '@/components/runs/conversation/conversation-header';
import { ConversationResults } from '@/components/runs/conversation/conversation-results';
import { ConversationTurn } from '@/components/runs/conversation/conversation-turn';
import { orNotFound } from '@/lib/http/or-not-found';
import { PanelSkeleton } from '@/components/runs/panel-skeleton';
import { prepareTurnVerdicts } from '@/lib/charts/prepare-turn-verdicts';
import { CELL_ORDER, CELL_STYLES } from '@/lib/charts/verdict-palette';
import { loadRunConversationPage } from '@/lib/runs/page/load-run-conversation-page';
import { OfflineJudgeNotice } from '@/components/ui/offline-judge-notice';
import { requirePage } from '@/lib/auth/session';
import { Pagination } from '@/components/ui/pagination';
import { turnWindow } from '@/lib/conversations/turn-pages';
import { failingTurnPositions } from '@/lib/conversations/failing-turns';
import { FailingTurnsToggle } from '@/components/runs/conversation/failing-turns-toggle';
import { ReviewQueueBanner } from '@/components/runs/review/review-queue-banner';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Conversation' };

export default async function RunConversationPage(props: {
  params: Promise<{ id: string; conversationId: string }>;
  searchParams: Promise<{ turn?: string | string[]; turns?: string | string[]; queue?: string | string[]; failing?: string | string[] }>;
}) {
  const principal = await requirePage();
  const [{ id, conversationId }, search] = await Promise.all([props.params, props.searchParams]);
  const { run, conversation, metrics, reviewsByTurn, queue } = await orNotFound(loadRunConversationPage(principal.project.id, id, conversationId, search.queue, principal.id));
  const verdicts = prepareTurnVerdicts(
    conversation.turns.map((t) => t.role),
    conversation.verdicts,
  );
  const selected = Number(Array.isArray(search.turn) ? search.turn[0] : search.turn);
  const failingOnly = (Array.isArray(search.failing) ? search.failing[0] : search.failing) === '1';
  // The positions shown: every turn, or the failing ones with the question each answered.
  const positions = failingOnly
    ? failingTurnPositions(verdicts.turns, conversation.turns.map((t) => t.role))
    : conversation.turns.map((_, i) => i);
  const window = turnWindow(positions.length, failingOnly ? { turns: search.turns } : search);
  const base = `/runs/${id}/conversations/${conversationId}`;
  const imported = new Set(conversation.results.filter((r) => r.imported).map((r) => r.metric));
  const pageHref = (page: number) => `${base}?${failingOnly ? 'failing=1&' : ''}turns=${page}`;
  return (
    <div className="space-y-6">
      {queue ? <ReviewQueueBanner queue={queue} runId={run.id} at={{ conversationId: conversation.id, turnIndex: selected }} /> : null}
      <ConversationHeader run={run} conversation={conversation} verdicts={verdicts} metrics={metrics} />
      <section aria-label="Conversation" className="space-y-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <div className="flex flex-wrap items-baseline gap-3">
            <h2 className="text-lg font-semibold">Turns and verdicts</h2>
            <FailingTurnsToggle base={base} failingOnly={failingOnly} failingTurns={verdicts.failingTurns} />
          </div>
          <VerdictLegend items={CELL_ORDER.filter((s) => s !== 'unjudged' && s !== 'user').map((s) => CELL_STYLES[s])} />
        </div>
        <Pagination page={window.page} pageCount={window.pageCount} hrefFor={pageHref} label="Pages of turns" />
        {failingOnly && positions.length === 0 ? <p className="text-sm text-slate-600">No metric failed a turn of this conversation.</p> : null}
        <ol className="space-y-2">
          {positions.slice(window.from, window.to).map((position) => conversation.turns[position]).map((turn, i) => (
            <ConversationTurn
              key={turn.index}
              turn={turn}
              verdicts={verdicts.turns[positions[window.from + i]]}
              selected={turn.index === selected}
              reviews={{ runId: run.id, conversationId: conversation.id, byMetric: reviewsByTurn.get(turn.index) ?? {} }}
              withoutWindows={imported}
            />
          ))}
        </ol>
        <ScrollToHash />
        <Pagination page={window.page} pageCount={window.pageCount} hrefFor={pageHref} label="Pages of turns" />
      </section>
      <section aria-label="Metric results" className="space-y-2">
        <h2 className="text-lg font-semibold">Metric results</h2>
        {run.judgeKind === 'offline' ? <OfflineJudgeNotice /> : null}
        <Suspense fallback={<PanelSkeleton label="Loading metric results" height="h-48" count={2} columns="xl:grid-cols-2" />}>
          <ConversationResults results={conversation.results} metrics={metrics} offline={run.judgeKind === 'offline'} />
        </Suspense>
      </section>
    </div>
  );
}
