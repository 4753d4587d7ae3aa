import Link from '@/components/ui/project-link';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { Card } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import type { TurnWindow } from '@/lib/conversations/turn-pages';
import { titleOf } from '@/lib/conversations/text-preview';
import type { ConversationDetail } from '@/lib/db/queries/datasets/get-conversation';
import { ScrollToHash } from '@/components/ui/scroll-to-hash';
import { ChatTranscript } from './chat-transcript';
import { ConversationFields } from './conversation-fields';
import { RedactionNote } from './redaction-note';

function Neighbour({ href, label, rel }: { href: string | null; label: string; rel: 'prev' | 'next' }) {
  if (!href) return <span className="rounded-md px-2 py-1 text-slate-400">{label}</span>;
  return (
    <Link href={href} rel={rel} className="rounded-md px-2 py-1 font-medium text-indigo-700 hover:bg-indigo-50">
      {label}
    </Link>
  );
}

/** A stored conversation: its fields, then the chat with each turn's extras, a page of turns at a time. */
export function ConversationView({ detail, window }: { detail: ConversationDetail; window: TurnWindow }) {
  const { conversation: c } = detail;
  const base = `/datasets/${detail.datasetId}`;
  const pageHref = (page: number) => `${base}/conversations/${detail.id}?turns=${page}`;
  const title = titleOf(c.name ?? c.externalId ?? c.scenario ?? `Conversation ${detail.position + 1}`);
  const hasFields = [c.externalId, c.name, c.scenario, c.expectedOutcome, c.chatbotRole, c.userDescription].some((v) => v) || !!c.context?.length || !!c.relevantTopics?.length || !!c.availableTools?.length || (c.metadata && Object.keys(c.metadata).length > 0);
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <Breadcrumbs items={[{ label: 'Datasets', href: '/datasets' }, { label: detail.datasetName, href: base }, { label: `Conversation ${detail.position + 1}` }]} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="min-w-0 text-2xl font-semibold break-words">{title}</h1>
          <nav aria-label="Neighbouring conversations" className="flex items-center gap-1 text-sm">
            <Neighbour href={detail.previousId ? `${base}/conversations/${detail.previousId}` : null} label="← Previous" rel="prev" />
            <Neighbour href={detail.nextId ? `${base}/conversations/${detail.nextId}` : null} label="Next →" rel="next" />
          </nav>
        </div>
        <p className="text-sm text-slate-600">
          {c.turns.length.toLocaleString('en-US')} turns
          {window.pageCount > 1 ? ` · showing ${window.from + 1}–${window.to}` : ''}
        </p>
        <RedactionNote counts={detail.redactions} />
      </div>
      {hasFields ? (
        <Card title="Conversation">
          <ConversationFields conversation={c} conversationId={detail.id} />
        </Card>
      ) : null}
      <div className="max-w-4xl space-y-4">
        <Pagination page={window.page} pageCount={window.pageCount} hrefFor={pageHref} label="Pages of turns" />
        <ChatTranscript turns={c.turns.slice(window.from, window.to)} offset={window.from} conversationId={detail.id} />
        <ScrollToHash />
        <Pagination page={window.page} pageCount={window.pageCount} hrefFor={pageHref} label="Pages of turns" />
      </div>
    </div>
  );
}
