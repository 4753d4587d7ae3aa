import type { Conversation } from '../domain/conversation';
import type { RedactionCounts } from './kinds';
import type { Redactor } from './redactor';

/*
 * Which fields of a conversation redaction covers (docs/datasets.md lists them for users): every
 * text a person or a model wrote or that a judge reads —
 *   conversation: name, scenario, expected_outcome, chatbot_role, user_description, context,
 *   relevant_topics, available_tools and metadata (every string inside them);
 *   turn: content, retrieval_context, context, tools_called and expected_tools (every string of
 *   their inputs, outputs and descriptions), expected_output, metadata (every string value).
 * Left as they are: the conversation's id (it joins a conversation's turns and matches it across
 * runs: an id carrying personal data should be hashed by the app that sends it), object keys, a
 * turn's role and its labels (yes / no verdicts).
 */

const list = (items: string[] | undefined, r: Redactor, counts: RedactionCounts) => items?.map((item) => r.text(item, counts));
const optional = (text: string | undefined, r: Redactor, counts: RedactionCounts) => (text === undefined ? undefined : r.text(text, counts));

/** The conversation with its texts redacted (the given object is changed in place: the parser's fresh ones are), and what was taken. */
export function redactConversation(conversation: Conversation, r: Redactor): { conversation: Conversation; counts: RedactionCounts } {
  const counts: RedactionCounts = {};
  const c = conversation;
  c.name = optional(c.name, r, counts);
  c.scenario = optional(c.scenario, r, counts);
  c.expectedOutcome = optional(c.expectedOutcome, r, counts);
  c.chatbotRole = optional(c.chatbotRole, r, counts);
  c.userDescription = optional(c.userDescription, r, counts);
  c.context = list(c.context, r, counts);
  c.relevantTopics = list(c.relevantTopics, r, counts);
  if (c.availableTools) r.json(c.availableTools, counts);
  if (c.metadata) r.json(c.metadata, counts);
  for (const turn of c.turns) {
    turn.content = r.text(turn.content, counts);
    turn.retrievalContext = list(turn.retrievalContext, r, counts);
    turn.context = list(turn.context, r, counts);
    if (turn.toolsCalled) r.json(turn.toolsCalled, counts);
    if (turn.expectedTools) r.json(turn.expectedTools, counts);
    turn.expectedOutput = optional(turn.expectedOutput, r, counts);
    if (turn.metadata) r.json(turn.metadata, counts);
  }
  // Absent stays absent (no `key: undefined` left behind for JSON writers to see).
  for (const key of ['name', 'scenario', 'expectedOutcome', 'chatbotRole', 'userDescription', 'context', 'relevantTopics'] as const) if (c[key] === undefined) delete c[key];
  for (const turn of c.turns) for (const key of ['retrievalContext', 'context', 'expectedOutput'] as const) if (turn[key] === undefined) delete turn[key];
  return { conversation: c, counts };
}

/** Redacts each conversation in place: what was taken from each (null: nothing) and in all. */
export function redactConversations(conversations: Conversation[], r: Redactor): { each: (RedactionCounts | null)[]; total: RedactionCounts } {
  const total: RedactionCounts = {};
  const each = conversations.map((c) => {
    const { counts } = redactConversation(c, r);
    for (const [key, n] of Object.entries(counts)) total[key] = (total[key] ?? 0) + n;
    return Object.keys(counts).length ? counts : null;
  });
  return { each, total };
}
