/*
 * What one conversation may hold, field by field: the one place these numbers live. Every way in
 * (the upload page, POST /api/v1/datasets, the CLI, a deepeval-shaped API) checks a conversation
 * against them with `conversationLimitIssues` and reads types with `conversation-fields.ts`; the
 * streaming parser also uses them to refuse a line, record or field while it arrives. Documented
 * in docs/datasets.md (Limits).
 */

/** Turns per conversation and characters per turn: the two limits a server may change (TURNWISE_MAX_TURNS, TURNWISE_MAX_TURN_CHARS). */
export interface ConversationLimits {
  /** Turns per conversation. */
  maxTurns: number;
  /** Characters of one turn's content; also of any other single text (an expected output, one retrieval document). */
  maxTurnChars: number;
}
export const DEFAULT_CONVERSATION_LIMITS: ConversationLimits = { maxTurns: 10_000, maxTurnChars: 1_000_000 };

/** Fixed limits of the other fields (characters are UTF-16 code units, as JavaScript counts them). */
export const FIELD_LIMITS = {
  /** One JSONL line, one record of a JSON list, one CSV row: refused while it arrives past this. */
  recordChars: 32 * 1024 * 1024,
  /** The chatbot's role (deepeval's chatbot_role; the system messages of an OpenAI or ShareGPT file). */
  chatbotRoleChars: 50_000,
  scenarioChars: 20_000,
  expectedOutcomeChars: 20_000,
  userDescriptionChars: 20_000,
  /** A conversation's name and external id. */
  nameChars: 1_000,
  /** Tool calls of one turn (tools_called, expected_tools), and tools a conversation offers (available_tools). */
  toolCallsPerTurn: 100,
  /** One tool call (or tool) written as JSON. */
  toolCallChars: 100_000,
  /** A conversation's or a turn's metadata written as JSON (a CSV's extra columns are a turn's metadata). */
  metadataChars: 100_000,
  /** Columns of a CSV kept as metadata (columns mapped to no field). */
  csvExtraColumns: 100,
  /** Items of one turn's retrieval_context or context, and of a conversation's context or relevant_topics. */
  listItems: 1_000,
} as const;

/** A field that breaks a limit: where (deepeval's snake_case names, `turns[3].tools_called[0]`) and why. */
export interface LimitIssue {
  path: (string | number)[];
  message: string;
}

const n = (value: number) => value.toLocaleString('en-US');

/** The length of a value written as JSON when it is over `max`, else null. */
export function jsonLengthOver(value: unknown, max: number): number | null {
  const text = JSON.stringify(value) ?? '';
  return text.length > max ? text.length : null;
}

/** "scenario has 20,001 characters: at most 20,000 are accepted"; `{ moreThan }` when counting stopped early. */
export const tooLongMessage = (what: string, chars: number | { moreThan: number }, max: number, setting?: string): string =>
  `${what} has ${typeof chars === 'number' ? n(chars) : `more than ${n(chars.moreThan)}`} characters: at most ${n(max)} ${what === 'content' ? 'per turn ' : ''}are accepted${setting ? ` (${setting})` : ''}`;

const TEXT_FIELDS = [
  ['name', 'name', FIELD_LIMITS.nameChars],
  ['externalId', 'id', FIELD_LIMITS.nameChars],
  ['scenario', 'scenario', FIELD_LIMITS.scenarioChars],
  ['expectedOutcome', 'expected_outcome', FIELD_LIMITS.expectedOutcomeChars],
  ['chatbotRole', 'chatbot_role', FIELD_LIMITS.chatbotRoleChars],
  ['userDescription', 'user_description', FIELD_LIMITS.userDescriptionChars],
] as const;

interface CheckedShape {
  turns: {
    content: string;
    expectedOutput?: string;
    retrievalContext?: string[];
    context?: string[];
    toolsCalled?: unknown[];
    expectedTools?: unknown[];
    metadata?: Record<string, unknown>;
  }[];
  name?: string;
  externalId?: string;
  scenario?: string;
  expectedOutcome?: string;
  chatbotRole?: string;
  userDescription?: string;
  context?: string[];
  relevantTopics?: string[];
  availableTools?: unknown[];
  metadata?: Record<string, unknown>;
}

function toolIssues(tools: unknown[] | undefined, path: (string | number)[], out: LimitIssue[]): void {
  if (!tools) return;
  if (tools.length > FIELD_LIMITS.toolCallsPerTurn) {
    out.push({ path, message: `${n(tools.length)} tool calls: at most ${n(FIELD_LIMITS.toolCallsPerTurn)} are accepted` });
    return;
  }
  tools.forEach((tool, i) => {
    const chars = jsonLengthOver(tool, FIELD_LIMITS.toolCallChars);
    if (chars !== null) out.push({ path: [...path, i], message: tooLongMessage('the tool call written as JSON', chars, FIELD_LIMITS.toolCallChars) });
  });
}

function listIssues(items: string[] | undefined, path: (string | number)[], maxChars: number, out: LimitIssue[]): void {
  if (!items) return;
  if (items.length > FIELD_LIMITS.listItems) {
    out.push({ path, message: `${n(items.length)} items: at most ${n(FIELD_LIMITS.listItems)} are accepted` });
    return;
  }
  const long = items.findIndex((item) => item.length > maxChars);
  if (long !== -1) out.push({ path: [...path, long], message: tooLongMessage('the item', items[long].length, maxChars, 'TURNWISE_MAX_TURN_CHARS') });
}

function metadataIssue(metadata: Record<string, unknown> | undefined, path: (string | number)[], out: LimitIssue[]): void {
  if (!metadata) return;
  const chars = jsonLengthOver(metadata, FIELD_LIMITS.metadataChars);
  if (chars !== null) out.push({ path, message: tooLongMessage('metadata written as JSON', chars, FIELD_LIMITS.metadataChars) });
}

/**
 * Every limit a conversation breaks (none: an empty list), with deepeval's field names. The turns
 * are checked only when their count is within the limit.
 */
export function conversationLimitIssues(conversation: CheckedShape, limits: ConversationLimits = DEFAULT_CONVERSATION_LIMITS): LimitIssue[] {
  const out: LimitIssue[] = [];
  for (const [key, name, max] of TEXT_FIELDS) {
    const value = conversation[key];
    if (value !== undefined && value.length > max) out.push({ path: [name], message: tooLongMessage(name, value.length, max) });
  }
  listIssues(conversation.context, ['context'], limits.maxTurnChars, out);
  listIssues(conversation.relevantTopics, ['relevant_topics'], FIELD_LIMITS.nameChars, out);
  toolIssues(conversation.availableTools, ['available_tools'], out);
  metadataIssue(conversation.metadata, ['additional_metadata'], out);
  const turns = conversation.turns;
  if (turns.length > limits.maxTurns) {
    out.push({ path: ['turns'], message: `conversation has ${n(turns.length)} turns: at most ${n(limits.maxTurns)} are accepted (TURNWISE_MAX_TURNS); split it` });
    return out;
  }
  turns.forEach((turn, i) => {
    const at = (field: string) => ['turns', i, field];
    if (turn.content.length > limits.maxTurnChars) out.push({ path: at('content'), message: tooLongMessage('content', turn.content.length, limits.maxTurnChars, 'TURNWISE_MAX_TURN_CHARS') });
    if (turn.expectedOutput !== undefined && turn.expectedOutput.length > limits.maxTurnChars) {
      out.push({ path: at('expected_output'), message: tooLongMessage('expected_output', turn.expectedOutput.length, limits.maxTurnChars, 'TURNWISE_MAX_TURN_CHARS') });
    }
    listIssues(turn.retrievalContext, at('retrieval_context'), limits.maxTurnChars, out);
    listIssues(turn.context, at('context'), limits.maxTurnChars, out);
    toolIssues(turn.toolsCalled, at('tools_called'), out);
    toolIssues(turn.expectedTools, at('expected_tools'), out);
    metadataIssue(turn.metadata, at('additional_metadata'), out);
  });
  return out;
}
