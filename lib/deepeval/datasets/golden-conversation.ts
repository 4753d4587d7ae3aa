import type { Conversation, Turn } from '../../domain';
import { defined, singleTurnExchange } from '../conversation-parts';
import type { ConversationalGolden, Golden } from './schema';

/*
 * Goldens as conversations and back, so that a push then a pull gives deepeval what it pushed.
 * What Turnwise has no field for (comments, custom columns, a turn's user id or latency, a
 * field of a newer client) is kept under `deepeval` in the metadata and given back on a pull.
 */

type Fields = Record<string, unknown>;

function without(value: Fields, keys: readonly string[]): Fields {
  const rest: Fields = {};
  for (const [k, v] of Object.entries(value)) if (!keys.includes(k) && v !== undefined && v !== null) rest[k] = v;
  return rest;
}

/** Metadata with deepeval's extra fields under `deepeval`; undefined when there is nothing. */
function metadataWith(own: Fields | undefined, extras: Fields): Fields | undefined {
  const out: Fields = { ...(own ?? {}) };
  if (Object.keys(extras).length > 0) out.deepeval = extras;
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Metadata split back into its own part and deepeval's extra fields. */
function splitMetadata(metadata: Fields | undefined): { own: Fields | undefined; extras: Fields } {
  if (!metadata) return { own: undefined, extras: {} };
  const { deepeval, ...own } = metadata;
  const extras = typeof deepeval === 'object' && deepeval !== null && !Array.isArray(deepeval) ? (deepeval as Fields) : {};
  return { own: Object.keys(own).length > 0 ? own : undefined, extras };
}

const GOLDEN_TURN_FIELDS = ['role', 'content', 'retrievalContext', 'toolsCalled', 'metadata', 'additionalMetadata'];
const CONVERSATIONAL_FIELDS = ['scenario', 'expectedOutcome', 'userDescription', 'context', 'additionalMetadata', 'name', 'turns'];
const GOLDEN_FIELDS = ['input', 'actualOutput', 'expectedOutput', 'context', 'retrievalContext', 'additionalMetadata', 'toolsCalled', 'expectedTools', 'name'];

export function conversationOfConversationalGolden(g: ConversationalGolden): Conversation {
  return defined<Conversation>({
    name: g.name,
    scenario: g.scenario,
    expectedOutcome: g.expectedOutcome,
    userDescription: g.userDescription,
    context: g.context,
    metadata: metadataWith(g.additionalMetadata, without(g, CONVERSATIONAL_FIELDS)),
    turns: (g.turns ?? []).map((t) =>
      defined<Turn>({
        role: t.role,
        content: t.content,
        retrievalContext: t.retrievalContext,
        toolsCalled: t.toolsCalled,
        metadata: metadataWith(t.metadata ?? t.additionalMetadata, without(t, GOLDEN_TURN_FIELDS)),
      }),
    ),
  });
}

export function conversationOfGolden(g: Golden): Conversation {
  const { turns, noActualOutput } = singleTurnExchange(g);
  const extras = without(g, GOLDEN_FIELDS);
  if (noActualOutput) extras.noActualOutput = true;
  return defined<Conversation>({ name: g.name, metadata: metadataWith(g.additionalMetadata, extras), turns });
}

/** A conversation as deepeval's ConversationalGolden, in the camelCase its API answers (Python turns keys to snake_case itself). */
export function conversationalGoldenOf(c: Conversation): Record<string, unknown> {
  const { own, extras } = splitMetadata(c.metadata);
  return defined({
    scenario: c.scenario ?? '',
    expectedOutcome: c.expectedOutcome,
    userDescription: c.userDescription,
    context: c.context,
    name: c.name,
    additionalMetadata: own,
    ...extras,
    turns: c.turns.map((t) => {
      const turn = splitMetadata(t.metadata);
      return defined({ role: t.role, content: t.content, retrievalContext: t.retrievalContext, toolsCalled: t.toolsCalled, metadata: turn.own, ...turn.extras });
    }),
  });
}

/** A single-turn conversation as deepeval's Golden (its first user message is the input, the reply after it the rest). */
export function goldenOf(c: Conversation): Record<string, unknown> {
  const { own, extras } = splitMetadata(c.metadata);
  const { noActualOutput, ...rest } = extras;
  const inputAt = c.turns.findIndex((t) => t.role === 'user');
  const reply = c.turns.slice(inputAt + 1).find((t) => t.role === 'assistant');
  return defined({
    input: inputAt === -1 ? '' : c.turns[inputAt].content,
    actualOutput: reply && noActualOutput !== true ? reply.content : undefined,
    expectedOutput: reply?.expectedOutput,
    context: reply?.context,
    retrievalContext: reply?.retrievalContext,
    toolsCalled: reply?.toolsCalled,
    expectedTools: reply?.expectedTools,
    name: c.name,
    additionalMetadata: own,
    ...rest,
  });
}
