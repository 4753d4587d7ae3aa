import type { Conversation, Turn } from '../domain';

/**
 * A conversation as a deepeval conversational case. Turn-level expected_output and context are not
 * deepeval Turn fields; they are written as extra turn fields so a round trip keeps them.
 */
export function toDeepevalRecord(c: Conversation): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  if (c.externalId !== undefined) record.id = c.externalId;
  if (c.name !== undefined) record.name = c.name;
  if (c.scenario !== undefined) record.scenario = c.scenario;
  if (c.expectedOutcome !== undefined) record.expected_outcome = c.expectedOutcome;
  if (c.chatbotRole !== undefined) record.chatbot_role = c.chatbotRole;
  if (c.userDescription !== undefined) record.user_description = c.userDescription;
  if (c.context !== undefined) record.context = c.context;
  if (c.relevantTopics !== undefined) record.relevant_topics = c.relevantTopics;
  if (c.availableTools !== undefined) record.available_tools = c.availableTools;
  if (c.metadata !== undefined && Object.keys(c.metadata).length > 0) record.additional_metadata = c.metadata;
  record.turns = c.turns.map(toDeepevalTurn);
  return record;
}

function toDeepevalTurn(t: Turn): Record<string, unknown> {
  const turn: Record<string, unknown> = { role: t.role, content: t.content };
  if (t.retrievalContext !== undefined) turn.retrieval_context = t.retrievalContext;
  if (t.toolsCalled !== undefined) turn.tools_called = t.toolsCalled;
  if (t.expectedTools !== undefined) turn.expected_tools = t.expectedTools;
  if (t.expectedOutput !== undefined) turn.expected_output = t.expectedOutput;
  if (t.context !== undefined) turn.context = t.context;
  if (t.metadata !== undefined && Object.keys(t.metadata).length > 0) turn.additional_metadata = t.metadata;
  if (t.labels !== undefined) turn.labels = t.labels;
  return turn;
}

/** A JSON array of deepeval conversational cases, yielded one case at a time for streaming. */
export function* exportDeepevalJson(conversations: Iterable<Conversation>): Generator<string, void, undefined> {
  let first = true;
  for (const c of conversations) {
    yield `${first ? '[\n' : ',\n'}${JSON.stringify(toDeepevalRecord(c))}`;
    first = false;
  }
  yield first ? '[]\n' : '\n]\n';
}

/** deepeval-shaped JSONL: one conversational case per line. */
export function* exportJsonl(conversations: Iterable<Conversation>): Generator<string, void, undefined> {
  for (const c of conversations) yield `${JSON.stringify(toDeepevalRecord(c))}\n`;
}
