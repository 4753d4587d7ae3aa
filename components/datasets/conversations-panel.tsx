import { pageProjectId } from '@/lib/auth/session';
import Link from '@/components/ui/project-link';
import { Pagination } from '@/components/ui/pagination';
import { Table, Td } from '@/components/ui/table';
import type { ConversationQuery, ConversationSort } from '@/lib/domain/conversation-query';
import { loadDatasetConversations } from '@/lib/datasets/page/load-dataset-conversations';
import type { PageRequest } from '@/lib/format/pagination';
import { formatCount, plural } from './format-labels';
import { titleOf } from '@/lib/conversations/text-preview';
import { RedactionCell } from './redaction-note';

/** The URL of the dataset page with these list settings (defaults left out). */
export function conversationListHref(datasetId: string, query: ConversationQuery, page = 1): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.sort !== 'position') params.set('sort', query.sort);
  if (query.dir !== 'asc') params.set('dir', query.dir);
  if (page > 1) params.set('page', String(page));
  const s = params.toString();
  return `/datasets/${datasetId}${s ? `?${s}` : ''}`;
}

function SortHeader({ datasetId, query, sort, children }: { datasetId: string; query: ConversationQuery; sort: ConversationSort; children: string }) {
  const active = query.sort === sort;
  const dir = active && query.dir === 'asc' ? 'desc' : 'asc';
  return (
    <Link
      href={conversationListHref(datasetId, { ...query, sort, dir }, 1)}
      className={`inline-flex items-center gap-1 hover:text-slate-900 ${active ? 'text-slate-900' : ''}`}
      aria-label={`Sort by ${children.toLowerCase()}${active ? (query.dir === 'asc' ? ', descending' : ', ascending') : ''}`}
    >
      {children}
      <span aria-hidden className="text-xs">
        {active ? (query.dir === 'asc' ? '▲' : '▼') : '↕'}
      </span>
    </Link>
  );
}

/** One server-side page of the dataset's conversations, searched and sorted from the URL. */
export async function ConversationsPanel({ datasetId, query, page, redacting = false }: { datasetId: string; query: ConversationQuery; page: PageRequest; redacting?: boolean }) {
  const { rows, total, more } = await loadDatasetConversations(await pageProjectId(), datasetId, page, query);
  // The column shows when the dataset redacts (or did) or a row on this page was redacted.
  const redactions = redacting || rows.some((r) => r.redactions);
  // Past the counted matches there is at least one more page.
  const pageCount = Math.max(1, Math.ceil(total / page.size) + (more ? 1 : 0));
  const head = (sort: ConversationSort, label: string) => (
    <SortHeader datasetId={datasetId} query={query} sort={sort}>
      {label}
    </SortHeader>
  );
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600" aria-live="polite">
        {query.q
          ? `${more ? `More than ${formatCount(total)}` : formatCount(total)} ${total === 1 && !more ? 'conversation matches' : 'conversations match'} “${query.q}” by name, id or first message`
          : plural(total, 'conversation')}
        {total > 0 ? ` · showing ${formatCount(page.skip + 1)}–${formatCount(Math.min(total, page.skip + rows.length))}` : ''}
      </p>
      <Table
        head={[head('position', '#'), head('name', 'Name / id'), head('message', 'First user message'), head('turns', 'Turns'), ...(redactions ? ['Redacted'] : [])]}
        empty={
          rows.length === 0 ? (
            <p className="p-4 text-sm text-slate-500">{query.q ? 'No conversation name, id or first message matches this search (the turns that mention it are listed above).' : page.page > 1 ? 'No conversations on this page.' : 'This dataset has no conversations.'}</p>
          ) : null
        }
      >
        {rows.map((c) => {
          const href = `/datasets/${datasetId}/conversations/${c.id}`;
          return (
            <tr key={c.id} className="hover:bg-slate-50">
              <Td className="w-12 text-slate-500 tabular-nums">{c.position + 1}</Td>
              <Td className="max-w-[16rem]">
                <Link href={href} className="font-medium break-words text-indigo-700 hover:underline">
                  {titleOf(c.name ?? c.externalId ?? c.scenario ?? `Conversation ${c.position + 1}`)}
                </Link>
                {c.name && c.externalId ? <span className="block font-mono text-xs break-all text-slate-500">{c.externalId}</span> : null}
              </Td>
              <Td className="max-w-xl">
                <span className="line-clamp-2 break-words text-slate-700">{c.firstUserMessage ?? '–'}</span>
              </Td>
              <Td className="w-16 tabular-nums">{c.turnCount}</Td>
              {redactions ? (
                <Td className="w-52">
                  <RedactionCell counts={c.redactions} />
                </Td>
              ) : null}
            </tr>
          );
        })}
      </Table>
      <Pagination page={page.page} pageCount={pageCount} hrefFor={(p) => conversationListHref(datasetId, query, p)} label="Conversation pages" />
    </div>
  );
}
