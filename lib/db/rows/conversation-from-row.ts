import type { Conversation, Turn } from '../../domain';

/** What the conversation queries select to rebuild a Conversation. */
export const conversationSelect = {
  externalId: true,
  name: true,
  scenario: true,
  expectedOutcome: true,
  chatbotRole: true,
  userDescription: true,
  context: true,
  metadata: true,
  relevantTopics: true,
  availableTools: true,
  turns: {
    orderBy: { index: 'asc' },
    select: { role: true, content: true, retrievalContext: true, context: true, toolsCalled: true, expectedTools: true, expectedOutput: true, metadata: true, labels: true },
  },
} as const;

interface TurnRow {
  role: string;
  content: string;
  retrievalContext: unknown;
  context: unknown;
  toolsCalled: unknown;
  expectedTools: unknown;
  expectedOutput: string | null;
  metadata: unknown;
  labels?: unknown;
}

export interface ConversationRow {
  externalId: string | null;
  name: string | null;
  scenario: string | null;
  expectedOutcome: string | null;
  chatbotRole: string | null;
  userDescription: string | null;
  context: unknown;
  metadata: unknown;
  relevantTopics: unknown;
  availableTools: unknown;
  turns: TurnRow[];
}

const strings = (v: unknown): string[] | undefined => (Array.isArray(v) ? v.map(String) : undefined);
const list = (v: unknown): unknown[] | undefined => (Array.isArray(v) ? v : undefined);
const record = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** Keys whose value is undefined are left out, so a stored conversation equals the parsed one. */
function compact<T extends object>(o: T): T {
  for (const k of Object.keys(o) as (keyof T)[]) if (o[k] === undefined) delete o[k];
  return o;
}

function turnFromRow(t: TurnRow): Turn {
  return compact({
    role: t.role === 'assistant' ? 'assistant' : 'user',
    content: t.content,
    retrievalContext: strings(t.retrievalContext),
    context: strings(t.context),
    toolsCalled: list(t.toolsCalled),
    expectedTools: list(t.expectedTools),
    expectedOutput: t.expectedOutput ?? undefined,
    metadata: record(t.metadata),
    labels: labelsOf(t.labels),
  });
}

/** Stored labels as { metric: "yes" | "no" }; anything else stored there is left out. */
function labelsOf(v: unknown): Turn['labels'] {
  const entries = Object.entries(record(v) ?? {}).filter((e): e is [string, 'yes' | 'no'] => e[1] === 'yes' || e[1] === 'no');
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/** A stored conversation as the Conversation the parsers produce and the exporters read. */
export function conversationFromRow(row: ConversationRow): Conversation {
  return compact({
    externalId: row.externalId ?? undefined,
    name: row.name ?? undefined,
    scenario: row.scenario ?? undefined,
    expectedOutcome: row.expectedOutcome ?? undefined,
    chatbotRole: row.chatbotRole ?? undefined,
    userDescription: row.userDescription ?? undefined,
    context: strings(row.context),
    metadata: record(row.metadata),
    relevantTopics: strings(row.relevantTopics),
    availableTools: list(row.availableTools),
    turns: row.turns.map(turnFromRow),
  });
}
