import type { Conversation, Turn } from '../../domain';
import { compact, describe, FieldReader, type Issues, isPlainObject, mergeMetadata, type Path } from '../fields';
import type { MapResult } from '../mapped';
import type { RoleValues } from '../roles';
import { chatTurns } from './chat-messages';
import { chatTextOf, documentsOf, jsonValueOf, textOf as text, toolCallOf } from './io-text';
import { isoTime, orderValueOf } from './order';
import type { ImportedScore } from '../imported-scores';
import { TEXT_RANK, type Piece, type TracePiece } from './pieces';

/*
 * Langfuse's exports, read field for field from its code (langfuse/langfuse):
 * - the session page's "Download JSON" (web/src/components/session/actions/downloadSessionAsJson.ts):
 *   the session (id, createdAt, environment…) with `traces[]` (id, name, timestamp, userId,
 *   environment, scores[], comments[]: ids, times and scores, not messages), `scores[]` on the
 *   session and `comments[]`; GET /api/public/sessions/{id} gives the same traces with input and output;
 * - rows of the blob and batch exports (CSV, JSON, JSONL) and of the public APIs: traces (id,
 *   timestamp, session_id, input, output…), observations (id, trace_id, type, parent_observation_id,
 *   start_time, input, output, and session_id in the events table's export; the v2 observations
 *   API writes them camelCase with input and output as JSON text), and scores (name, value,
 *   data_type, string_value, trace_id, observation_id, session_id, comment);
 * - dataset items (id, datasetId, input, expectedOutput, metadata, sourceTraceId).
 * snake_case and camelCase are one name here (FieldReader normalises them).
 */

const TOOL = 'Langfuse';

export type LangfuseKind = 'session' | 'trace' | 'observation' | 'score' | 'dataset-item';

/** Which Langfuse record this is, by its fields; null when it is none. */
export function langfuseKind(record: unknown): LangfuseKind | null {
  if (!isPlainObject(record)) return null;
  const r = new FieldReader(record);
  if (r.has('role')) return null;
  const traces = record[r.key('traces') ?? ''];
  if (Array.isArray(traces) && r.has('id') && (r.has('projectId', 'createdAt', 'totalCost', 'users', 'scores', 'comments') || traces.length > 0)) return 'session';
  if (r.has('datasetId') && r.has('input', 'expectedOutput')) return 'dataset-item';
  if (r.has('traceId') && r.has('type') && r.has('startTime')) return 'observation';
  if (r.has('dataType') && r.has('name') && r.has('value') && !r.has('input', 'output')) return 'score';
  if (r.has('id') && r.has('timestamp') && r.has('input', 'output') && r.has('sessionId', 'projectId', 'htmlPath')) return 'trace';
  return null;
}


type Notes = NonNullable<MapResult['notes']>;

/** A score object or row → the score, or what to keep of it when it is no score (TEXT, CORRECTION). */
function readScore(raw: unknown, path: Path, issues: Issues, notes: Notes): { score?: ImportedScore; text?: [string, string]; trace?: string; session?: string } {
  if (!isPlainObject(raw)) {
    issues.push({ severity: 'error', path, message: `expected a score object, found ${describe(raw)}` });
    return {};
  }
  const s = new FieldReader(raw);
  const name = text(s.take('name')?.value);
  if (!name) {
    issues.push({ severity: 'error', path: [...path, s.key('name') ?? 'name'], message: 'a score needs a name' });
    return {};
  }
  const dataType = String(s.take('dataType')?.value ?? 'NUMERIC').toUpperCase();
  const valueField = s.take('value');
  const stringValue = text(s.take('stringValue')?.value) ?? text(s.take('longStringValue')?.value);
  const reason = text(s.take('comment')?.value);
  const where = { trace: text(s.take('traceId')?.value), session: text(s.take('sessionId')?.value) };
  if (text(s.take('observationId')?.value)) notes.push("Langfuse scores on an observation are landed on its trace's turn");
  if (dataType === 'TEXT' || dataType === 'CORRECTION') {
    notes.push('Langfuse TEXT and CORRECTION scores are kept in the metadata of their turn or conversation, not as scores');
    return { ...where, text: [name, stringValue ?? ''] };
  }
  const value = typeof valueField?.value === 'string' && valueField.value.trim() !== '' ? Number(valueField.value) : valueField?.value;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    issues.push({ severity: 'error', path: [...path, valueField?.key ?? 'value'], message: `score ${JSON.stringify(name)}: expected a number as its value, found ${describe(valueField?.value)}` });
    return {};
  }
  const kind = dataType === 'BOOLEAN' ? 'boolean' : dataType === 'CATEGORICAL' ? 'categorical' : 'numeric';
  if (dataType !== 'NUMERIC' && kind === 'numeric') issues.push({ severity: 'warning', path: [...path, s.key('dataType') ?? 'dataType'], message: `unknown score data type ${JSON.stringify(dataType)}: read as NUMERIC` });
  return { ...where, score: compact<ImportedScore>({ tool: TOOL, name, kind, value, label: kind === 'numeric' ? undefined : stringValue, reason }) };
}

/** A list of scores (a trace's or a session's): the scores, and the TEXT and CORRECTION ones' texts as metadata. */
function readScoreList(field: { key: string; value: unknown } | undefined, path: Path, issues: Issues, notes: Notes): { scores: ImportedScore[]; texts?: { textScores: Record<string, string> } } {
  const scores: ImportedScore[] = [];
  const texts: Record<string, string> = {};
  if (!field || !Array.isArray(field.value)) return { scores };
  field.value.forEach((raw, i) => {
    if (typeof raw === 'string') {
      notes.push('Langfuse traces list their scores by id only: export the scores (or the session from its page) to bring their values');
      return;
    }
    const read = readScore(raw, [...path, field.key, i], issues, notes);
    if (read.score) scores.push(read.score);
    if (read.text) texts[read.text[0]] = read.text[1];
  });
  return { scores, texts: Object.keys(texts).length ? { textScores: texts } : undefined };
}

function readComments(raw: unknown): { content: string; author?: string; createdAt?: string }[] | undefined {
  if (!Array.isArray(raw) || raw.length === 0) return undefined;
  const out = raw
    .filter(isPlainObject)
    .map((c) => compact({ content: text(c.content) ?? '', author: text(c.authorUserName) ?? text(c.authorUserId), createdAt: isoTime(c.createdAt) }))
    .filter((c) => c.content !== '');
  return out.length > 0 ? out : undefined;
}

const nonEmptyList = (v: unknown): unknown[] | undefined => (Array.isArray(v) && v.length > 0 ? v : undefined);

const metadataValue = (v: unknown): unknown => {
  const parsed = jsonValueOf(v);
  return isPlainObject(parsed) && Object.keys(parsed).length === 0 ? undefined : (parsed ?? undefined);
};

/** A trace (a row, or one of a session's traces) → its piece. */
function tracePiece(raw: Record<string, unknown>, path: Path, issues: Issues, notes: Notes, session?: string): TracePiece | null {
  const t = new FieldReader(raw);
  const id = text(t.take('id')?.value);
  if (!id) {
    issues.push({ severity: 'error', path: [...path, t.key('id') ?? 'id'], message: 'a trace needs an id' });
    return null;
  }
  const time = t.take('timestamp')?.value;
  const inputField = t.take('input');
  const outputField = t.take('output');
  const user = chatTextOf(inputField?.value, 'user');
  const assistant = chatTextOf(outputField?.value, 'assistant');
  const { scores, texts } = readScoreList(t.take('scores'), path, issues, notes);
  const piece: TracePiece = compact({
    kind: 'trace' as const,
    id,
    tool: TOOL,
    thread: text(t.take('sessionId')?.value) ?? session,
    order: orderValueOf(time),
    time: isoTime(time),
    user: user ? { ...user, rank: TEXT_RANK.trace } : undefined,
    assistant: assistant ? { ...assistant, rank: TEXT_RANK.trace } : undefined,
    scores: scores.length ? scores : undefined,
    metadata: mergeMetadata(
      compact({
        traceName: text(t.take('name')?.value),
        userId: text(t.take('userId')?.value),
        tags: nonEmptyList(t.take('tags')?.value),
        release: text(t.take('release')?.value),
        version: text(t.take('version')?.value),
        traceMetadata: metadataValue(t.take('metadata')?.value),
        comments: readComments(t.take('comments')?.value),
      }),
      texts,
    ),
    noTextHint:
      !inputField && !outputField
        ? "Langfuse's session download holds each trace's id, time and scores, not its messages: import it together with the traces or observations export of the same session (choose both files, or a folder or zip holding them)"
        : undefined,
  });
  return piece;
}

/** An observation row → what it gives its trace's turn: the root's input and output, a generation's, retrieved documents, a tool call. */
function observationPiece(raw: Record<string, unknown>, issues: Issues, notes: Notes): TracePiece | null {
  const o = new FieldReader(raw);
  const traceId = text(o.take('traceId')?.value);
  if (!traceId) {
    issues.push({ severity: 'error', path: [o.key('traceId') ?? 'trace_id'], message: 'an observation needs the id of its trace' });
    return null;
  }
  const type = String(o.take('type')?.value ?? '').toUpperCase();
  const start = o.take('startTime')?.value;
  const parent = o.take('parentObservationId')?.value;
  const rootFlag = o.take('isRootObservation')?.value;
  const root = rootFlag === true || rootFlag === 'true' || rootFlag === 1 || ((parent === null || parent === undefined || parent === '') && rootFlag === undefined);
  const input = o.take('input')?.value;
  const output = o.take('output')?.value;
  const piece: TracePiece = { kind: 'trace', id: traceId, tool: TOOL, thread: text(o.take('sessionId')?.value), order: orderValueOf(start) };
  const ranked = (rank: number) => {
    const user = chatTextOf(input, 'user');
    const assistant = chatTextOf(output, 'assistant');
    if (user) piece.user = { ...user, rank, order: piece.order };
    if (assistant) piece.assistant = { ...assistant, rank, order: piece.order };
  };
  if (type === 'RETRIEVER') piece.retrieval = documentsOf(output);
  else if (type === 'TOOL') piece.tools = [toolCallOf(text(o.take('name')?.value), input, output)];
  else if (root) ranked(TEXT_RANK.rootSpan);
  else if (type === 'GENERATION') ranked(TEXT_RANK.generation);
  else notes.push(`Langfuse observations of type ${type || '(none)'} inside a trace are not kept: a turn takes its trace's input and output (or its generations'), RETRIEVER documents and TOOL calls`);
  if (!root) piece.order = undefined;
  else piece.time = isoTime(start);
  return piece;
}

/** A dataset item → a conversation: its input's messages (or the input as the user's turn) and an empty reply holding the expected output. */
function datasetItem(raw: Record<string, unknown>, roleValues: RoleValues | undefined): MapResult {
  const r = new FieldReader(raw);
  const issues: Issues = [];
  const inputField = r.take('input');
  const expected = r.take('expectedOutput');
  const input = jsonValueOf(inputField?.value);
  const messages = isPlainObject(input) && Array.isArray(input.messages) ? input.messages : Array.isArray(input) && input.every((m) => isPlainObject(m) && 'role' in m) ? input : undefined;
  let turns: Turn[];
  let chatbotRole: string | undefined;
  if (messages) {
    // Messages inside JSON text have no path of their own in the file: the text is named, with the message's place.
    const inText = typeof inputField!.value === 'string';
    const chat = chatTurns(messages, inText || !isPlainObject(input) ? [inputField!.key] : [inputField!.key, 'messages'], issues, roleValues, inText);
    turns = chat?.turns ?? [];
    chatbotRole = chat?.chatbotRole;
  } else {
    const user = chatTextOf(inputField?.value, 'user');
    turns = user ? [{ role: 'user', content: user.text }] : [];
    chatbotRole = user?.system;
  }
  const expectedText = chatTextOf(expected?.value, 'assistant')?.text;
  const last = turns[turns.length - 1];
  if (expectedText !== undefined) {
    if (last?.role === 'assistant' && last.expectedOutput === undefined) last.expectedOutput = expectedText;
    else turns.push({ role: 'assistant', content: '', expectedOutput: expectedText });
  }
  if (turns.length === 0) issues.push({ severity: 'error', path: [inputField?.key ?? 'input'], message: 'a dataset item needs an input' });
  const conversation: Conversation = compact({
    externalId: text(r.take('id')?.value),
    chatbotRole,
    turns,
    metadata: compact({
      source: 'langfuse',
      datasetName: text(r.take('datasetName')?.value),
      datasetId: text(r.take('datasetId')?.value),
      sourceTraceId: text(r.take('sourceTraceId')?.value),
      itemMetadata: metadataValue(r.take('metadata')?.value),
    }),
  });
  return {
    conversation: issues.some((i) => i.severity === 'error') ? null : conversation,
    issues,
    notes: expectedText !== undefined ? ['Langfuse dataset items hold no reply: each ends with an empty assistant turn holding the expected output (replay them to get replies)'] : [],
  };
}

/** One Langfuse record → a conversation (a dataset item) or the pieces it gives (a session, a trace, an observation, a score). */
export function mapLangfuseRecord(record: unknown, roleValues?: RoleValues): MapResult {
  const issues: Issues = [];
  const notes: Notes = [];
  const kind = langfuseKind(record);
  if (!kind || !isPlainObject(record)) {
    return { conversation: null, issues: [{ severity: 'error', path: [], message: `not a Langfuse session, trace, observation, score or dataset item: found ${isPlainObject(record) ? Object.keys(record).slice(0, 12).join(', ') || 'no fields' : describe(record)}` }] };
  }
  if (kind === 'dataset-item') return datasetItem(record, roleValues);
  const pieces: Piece[] = [];
  if (kind === 'trace') {
    const piece = tracePiece(record, [], issues, notes);
    if (piece) pieces.push(piece);
  } else if (kind === 'observation') {
    const piece = observationPiece(record, issues, notes);
    if (piece) pieces.push(piece);
  } else if (kind === 'score') {
    const read = readScore(record, [], issues, notes);
    if (read.trace) {
      pieces.push({
        kind: 'trace',
        id: read.trace,
        tool: TOOL,
        thread: read.session,
        scores: read.score ? [read.score] : undefined,
        metadata: read.text ? { textScores: { [read.text[0]]: read.text[1] } } : undefined,
        noTextHint: 'its scores came without its messages: import the scores export together with the traces or observations export (choose both files, or a folder or zip holding them)',
      });
    }
    else if (read.session) pieces.push({ kind: 'thread', key: read.session, tool: TOOL, scores: read.score ? [read.score] : undefined, metadata: read.text ? { textScores: { [read.text[0]]: read.text[1] } } : undefined });
    else if (read.score || read.text) notes.push('Langfuse scores on neither a trace nor a session (dataset runs) are not imported');
  } else {
    const s = new FieldReader(record);
    const id = text(s.take('id')?.value)!;
    const tracesField = s.take('traces')!;
    (tracesField.value as unknown[]).forEach((raw, i) => {
      if (!isPlainObject(raw)) {
        issues.push({ severity: 'error', path: [tracesField.key, i], message: `expected a trace object, found ${describe(raw)}` });
        return;
      }
      const piece = tracePiece(raw, [tracesField.key, i], issues, notes, id);
      if (piece) pieces.push({ ...piece, thread: id });
    });
    const { scores, texts } = readScoreList(s.take('scores'), [], issues, notes);
    pieces.push({
      kind: 'thread',
      key: id,
      tool: TOOL,
      scores,
      metadata: mergeMetadata(
        compact({
          sessionCreatedAt: isoTime(s.take('createdAt')?.value),
          environment: text(s.take('environment')?.value),
          users: nonEmptyList(s.take('users')?.value),
          comments: readComments(s.take('comments')?.value),
        }),
        texts,
      ),
    });
  }
  return { conversation: null, issues, pieces, notes };
}
