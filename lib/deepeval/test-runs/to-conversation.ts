import type { Conversation, Turn } from '../../domain';
import { defined, singleTurnExchange } from '../conversation-parts';
import type { ConversationalCase, SingleCase } from './schema';

/** A case's fields that are neither Turnwise's nor deepeval's results: kept as the conversation's metadata. */
function restOf(value: Record<string, unknown>, read: readonly string[]): Record<string, unknown> {
  const rest: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (!read.includes(key) && v !== undefined && v !== null) rest[key] = v;
  return rest;
}

// What deepeval sends about the scoring (results, timings, bookkeeping) rather than the conversation.
const RESULT_FIELDS = ['success', 'metricsData', 'runDuration', 'evaluationCost', 'order', 'imagesMapping', 'trace', 'flaky'];
const CONVERSATION_FIELDS = ['name', 'turns', 'scenario', 'expectedOutcome', 'userDescription', 'chatbotRole', 'context', 'metadata', ...RESULT_FIELDS];
const TURN_FIELDS = ['role', 'content', 'order', 'retrievalContext', 'toolsCalled'];
const SINGLE_FIELDS = ['name', 'input', 'actualOutput', 'expectedOutput', 'context', 'retrievalContext', 'toolsCalled', 'expectedTools', 'metadata', ...RESULT_FIELDS];

/** The turns in the order deepeval numbered them (`order`), which is the order its metrics saw. */
function orderedTurns(turns: ConversationalCase['turns']): ConversationalCase['turns'] {
  return turns.every((t) => t.order !== undefined) ? [...turns].sort((a, b) => a.order! - b.order!) : turns;
}

/** A conversational test case as a conversation: its fields, its turns, anything else as metadata (tags, comments, user ids…). */
export function conversationOfCase(c: ConversationalCase): Conversation {
  const turns: Turn[] = orderedTurns(c.turns).map((t) =>
    defined<Turn>({
      role: t.role,
      content: t.content,
      retrievalContext: t.retrievalContext,
      toolsCalled: t.toolsCalled,
      metadata: restOf(t, TURN_FIELDS),
    }),
  );
  return defined<Conversation>({
    name: c.name,
    scenario: c.scenario,
    expectedOutcome: c.expectedOutcome,
    chatbotRole: c.chatbotRole,
    userDescription: c.userDescription,
    context: c.context,
    metadata: { ...(c.metadata ?? {}), ...restOf(c, CONVERSATION_FIELDS) },
    turns,
  });
}

/** A single-turn test case as a conversation of the input and the actual output (as Turnwise's deepeval file import reads one). */
export function conversationOfSingleCase(c: SingleCase): Conversation {
  return defined<Conversation>({
    name: c.name,
    metadata: { ...(c.metadata ?? {}), ...restOf(c, SINGLE_FIELDS) },
    turns: singleTurnExchange(c).turns,
  });
}
