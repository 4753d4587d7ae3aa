import { LongText } from '@/components/conversations/long-text';
import { ITEM_PREVIEW_CHARS, previewOf, type ConversationTextSource } from '@/lib/conversations/text-preview';
import type { Conversation } from '@/lib/domain';
import { JsonBlock } from '@/components/conversations/json-block';

type Field = ConversationTextSource['field'];

/**
 * The conversation-level fields (id, scenario, expected outcome…) that are present. A stored
 * conversation's (`conversationId`) long texts, tools and metadata are sent as their start (the
 * texts' shorter than a turn's: they sit above the chat), the rest loaded on demand, as turns are;
 * a file not stored yet (the import preview) is shown whole.
 */
export function ConversationFields({ conversation, conversationId }: { conversation: Conversation; conversationId?: string }) {
  const rows: [string, React.ReactNode][] = [];
  const at = (field: Field, item?: number): ConversationTextSource | undefined => (conversationId ? { conversationId, field, ...(item === undefined ? {} : { item }) } : undefined);
  const long = (value: string, source: ConversationTextSource | undefined, limit?: number) => (source ? <LongText preview={previewOf(value, limit)} source={source} /> : value);
  const text = (label: string, value: string | undefined, field?: Field) => {
    if (value !== undefined && value !== '') {
      rows.push([
        label,
        <span key={label} className="whitespace-pre-wrap break-words" data-testid={field ? `field-${field}` : undefined}>
          {field ? long(value, at(field), ITEM_PREVIEW_CHARS) : value}
        </span>,
      ]);
    }
  };
  text('External id', conversation.externalId);
  text('Name', conversation.name);
  text('Scenario', conversation.scenario, 'scenario');
  text('Expected outcome', conversation.expectedOutcome, 'expectedOutcome');
  text('Chatbot role', conversation.chatbotRole, 'chatbotRole');
  text('User description', conversation.userDescription, 'userDescription');
  if (conversation.context?.length) {
    rows.push([
      'Context',
      <ol key="context" className="list-decimal space-y-1 pl-5">
        {conversation.context.map((c, i) => (
          <li key={i} className="whitespace-pre-wrap break-words">
            {long(c, at('context', i), ITEM_PREVIEW_CHARS)}
          </li>
        ))}
      </ol>,
    ]);
  }
  if (conversation.relevantTopics?.length) {
    rows.push([
      'Relevant topics',
      <ul key="topics" className="flex flex-wrap gap-1.5" aria-label="Relevant topics">
        {conversation.relevantTopics.map((t, i) => (
          <li key={i} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800 ring-1 ring-slate-200">
            {t}
          </li>
        ))}
      </ul>,
    ]);
  }
  if (conversation.availableTools?.length) {
    rows.push([`Available tools (${conversation.availableTools.length})`, <JsonBlock key="tools" value={conversation.availableTools} source={at('availableTools')} />]);
  }
  if (conversation.metadata && Object.keys(conversation.metadata).length > 0) rows.push(['Metadata', <JsonBlock key="metadata" value={conversation.metadata} source={at('metadata')} />]);
  if (rows.length === 0) return null;
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-500">{label}</dt>
          <dd className="min-w-0 text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
