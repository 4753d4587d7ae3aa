import type { Conversation, Turn } from '../../domain';
import { compact, describe, FieldReader, type Issues, isPlainObject, mergeMetadata, type Path } from '../fields';
import type { MapResult } from '../mapped';
import type { RoleValues } from '../roles';
import { chatTurns } from './chat-messages';
import { chatTextOf, documentsOf, textOf as text, toolCallOf } from './io-text';
import { isoTime, orderValueOf } from './order';
import type { ImportedScore } from '../imported-scores';
import { TEXT_RANK, type Piece, type TracePiece } from './pieces';

/*
 * The files `opik export WORKSPACE …` writes, read field for field from its code (comet-ml/opik,
 * sdks/python/src/opik/cli/exports/): per trace, projects/PROJECT/trace_<id>.json =
 * `{trace: TracePublic, spans: [SpanPublic], attachments, downloaded_at, project_name}`
 * (rest_api/types/trace_public.py: id, name, start_time, end_time, input, output, metadata, tags,
 * feedback_scores, comments, thread_id…; span_public.py: trace_id, parent_span_id, type
 * general | tool | llm | guardrail, name, input, output…; written by json.dump(default=str), so
 * times read like `2026-11-20 10:00:00.123456+00:00`); per experiment,
 * experiments/experiment_<name>_<id>.json = `{experiment: {…}, items: [{id, dataset_item_id,
 * trace_id, feedback_scores: [{name, value, category_name, reason}], dataset_item_data,
 * evaluation_task_output}], downloaded_at}`; per dataset, datasets/dataset_<name>.json =
 * `{name, description, items: […]}` (or `{dataset: {name, id}, items}` beside an experiment).
 */

const TOOL = 'Opik';

export type OpikKind = 'trace-file' | 'experiment-file' | 'dataset-file';

export function opikKind(record: unknown): OpikKind | null {
  if (!isPlainObject(record)) return null;
  if (isPlainObject(record.trace) && Array.isArray(record.spans)) return 'trace-file';
  if (isPlainObject(record.experiment) && Array.isArray(record.items)) return 'experiment-file';
  if (Array.isArray(record.items) && ('downloaded_at' in record || isPlainObject(record.dataset)) && ('name' in record || isPlainObject(record.dataset))) return 'dataset-file';
  return null;
}

const nonEmpty = (v: unknown): unknown[] | undefined => (Array.isArray(v) && v.length > 0 ? v : undefined);
type Notes = NonNullable<MapResult['notes']>;

/** Opik's feedback scores: a number each, with the category's name when the feedback definition is categorical. */
function readScores(raw: unknown, path: Path, issues: Issues): ImportedScore[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    issues.push({ severity: 'error', path, message: `expected a list of feedback scores, found ${describe(raw)}` });
    return [];
  }
  const out: ImportedScore[] = [];
  raw.forEach((s, i) => {
    if (!isPlainObject(s)) {
      issues.push({ severity: 'error', path: [...path, i], message: `expected a feedback score object, found ${describe(s)}` });
      return;
    }
    const name = text(s.name);
    if (!name) {
      issues.push({ severity: 'error', path: [...path, i, 'name'], message: 'a feedback score needs a name' });
      return;
    }
    if (typeof s.value !== 'number' || !Number.isFinite(s.value)) {
      issues.push({ severity: 'error', path: [...path, i, 'value'], message: `feedback score ${JSON.stringify(name)}: expected a number as its value, found ${describe(s.value)}` });
      return;
    }
    const label = text(s.category_name);
    out.push(compact<ImportedScore>({ tool: TOOL, name, kind: label ? 'categorical' : 'numeric', value: s.value, label, reason: text(s.reason) }));
  });
  return out;
}

function readComments(raw: unknown): { content: string; author?: string; createdAt?: string }[] | undefined {
  if (!Array.isArray(raw) || raw.length === 0) return undefined;
  const out = raw.filter(isPlainObject).map((c) => compact({ content: text(c.text) ?? '', author: text(c.created_by), createdAt: isoTime(c.created_at) }));
  return out.length > 0 ? out : undefined;
}

const RETRIEVAL_SPAN = /retriev/i;

/** A trace file → its trace's pieces: the trace's input and output, LLM spans' (used where it has none), retrieval spans' documents, tool spans' calls. */
function traceFile(record: Record<string, unknown>, issues: Issues, notes: Notes): TracePiece[] {
  const trace = record.trace as Record<string, unknown>;
  const id = text(trace.id);
  if (!id) {
    issues.push({ severity: 'error', path: ['trace', 'id'], message: 'a trace needs an id' });
    return [];
  }
  const start = trace.start_time;
  const user = chatTextOf(trace.input, 'user');
  const assistant = chatTextOf(trace.output, 'assistant');
  const piece: TracePiece = compact({
    kind: 'trace' as const,
    id,
    tool: TOOL,
    thread: text(trace.thread_id),
    order: orderValueOf(start),
    time: isoTime(start),
    user: user ? { ...user, rank: TEXT_RANK.trace } : undefined,
    assistant: assistant ? { ...assistant, rank: TEXT_RANK.trace } : undefined,
    scores: undefined,
    metadata: compact({
      traceName: text(trace.name),
      project: text(record.project_name),
      tags: nonEmpty(trace.tags),
      traceMetadata: isPlainObject(trace.metadata) && Object.keys(trace.metadata).length > 0 ? trace.metadata : undefined,
      errorInfo: isPlainObject(trace.error_info) ? trace.error_info : undefined,
      comments: readComments(trace.comments),
    }),
  });
  const scores = readScores(trace.feedback_scores, ['trace', 'feedback_scores'], issues);
  if (scores.length) piece.scores = scores;
  if (nonEmpty(trace.guardrails_validations)) notes.push("Opik's guardrail validations of a trace are not kept");
  if (nonEmpty(record.attachments)) notes.push('Opik attachments (files of traces and spans) are not kept');
  const retrieval: string[] = [];
  const tools: Record<string, unknown>[] = [];
  const spans: TracePiece[] = [];
  (record.spans as unknown[]).forEach((raw, i) => {
    if (!isPlainObject(raw)) {
      issues.push({ severity: 'error', path: ['spans', i], message: `expected a span object, found ${describe(raw)}` });
      return;
    }
    const type = String(raw.type ?? '').toLowerCase();
    const name = text(raw.name);
    if (nonEmpty(raw.feedback_scores)) notes.push("Opik feedback scores on spans are not imported: a turn takes its trace's feedback scores");
    if (type === 'tool') {
      tools.push(toolCallOf(name, raw.input, raw.output));
    } else if (type === 'llm') {
      // The trace's own input and output win (the assembler ranks them); an LLM span's are used where it has none.
      const order = orderValueOf(raw.start_time);
      const u = chatTextOf(raw.input, 'user');
      const a = chatTextOf(raw.output, 'assistant');
      if (u || a) spans.push(compact({ kind: 'trace' as const, id, tool: TOOL, user: u ? { ...u, rank: TEXT_RANK.generation, order } : undefined, assistant: a ? { ...a, rank: TEXT_RANK.generation, order } : undefined }));
    } else if (type === 'general' && name && RETRIEVAL_SPAN.test(name)) {
      retrieval.push(...documentsOf(raw.output));
    } else {
      notes.push(type === 'general' ? "Opik spans of type 'general' are not kept, but for retrieval spans (a name with \"retriev\"), whose documents become the reply's retrieval context" : `Opik spans of type '${type || '(none)'}' are not kept`,);
    }
  });
  if (retrieval.length) piece.retrieval = retrieval;
  if (tools.length) piece.tools = tools;
  return [piece, ...spans];
}

/** An experiment file → a piece per item: its trace's scores, and the dataset item's input and the task's output for a trace whose file is not there. */
function experimentFile(record: Record<string, unknown>, issues: Issues, notes: Notes): Piece[] {
  const experiment = record.experiment as Record<string, unknown>;
  const name = text(experiment.name);
  if (nonEmpty(experiment.feedback_scores)) notes.push("An Opik experiment's average feedback scores are not kept: its items' own scores are");
  const pieces: Piece[] = [];
  (record.items as unknown[]).forEach((raw, i) => {
    const path = ['items', i];
    if (!isPlainObject(raw)) {
      issues.push({ severity: 'error', path, message: `expected an experiment item, found ${describe(raw)}` });
      return;
    }
    const traceId = text(raw.trace_id);
    if (!traceId) {
      issues.push({ severity: 'error', path: [...path, 'trace_id'], message: 'an experiment item needs the id of its trace' });
      return;
    }
    const data = isPlainObject(raw.dataset_item_data) ? raw.dataset_item_data : undefined;
    const user = chatTextOf(data ? (data.input ?? data.question ?? data.query ?? data.messages ?? data) : undefined, 'user');
    const assistant = chatTextOf(raw.evaluation_task_output, 'assistant');
    const expected = data ? chatTextOf(data.expected_output ?? data.expected ?? data.reference ?? data.answer, 'assistant') : null;
    pieces.push(
      compact({
        kind: 'trace' as const,
        id: traceId,
        tool: TOOL,
        user: user ? { ...user, rank: TEXT_RANK.datasetItem } : undefined,
        assistant: assistant ? { ...assistant, rank: TEXT_RANK.datasetItem } : undefined,
        expectedOutput: expected?.text,
        scores: readScores(raw.feedback_scores, [...path, 'feedback_scores'], issues),
        metadata: compact({ experiment: name, datasetItemId: text(raw.dataset_item_id) }),
      }),
    );
  });
  return pieces;
}

const INPUT_KEYS = ['input', 'question', 'query', 'prompt', 'user_input'];
const EXPECTED_KEYS = ['expected_output', 'expected', 'expected_answer', 'reference', 'ground_truth', 'answer'];

/** A dataset item → a conversation: its messages, or its input as the user's turn and an empty reply holding the expected output. */
function datasetItemConversation(item: Record<string, unknown>, dataset: string | undefined, roleValues: RoleValues | undefined, path: Path, issues: Issues): Conversation | null {
  const r = new FieldReader(item);
  const messages = r.take('messages', 'conversation');
  let turns: Turn[] = [];
  let chatbotRole: string | undefined;
  if (messages && Array.isArray(messages.value)) {
    const chat = chatTurns(messages.value, [...path, messages.key], issues, roleValues);
    turns = chat?.turns ?? [];
    chatbotRole = chat?.chatbotRole;
  } else {
    const input = r.take(...INPUT_KEYS);
    const user = chatTextOf(input?.value, 'user');
    if (user) turns.push({ role: 'user', content: user.text });
    chatbotRole = user?.system;
  }
  const expected = r.take(...EXPECTED_KEYS);
  const expectedText = chatTextOf(expected?.value, 'assistant')?.text;
  const context = r.take('context');
  const contextList = Array.isArray(context?.value) ? context.value.filter((c): c is string => typeof c === 'string') : typeof context?.value === 'string' ? [context.value] : undefined;
  if (expectedText !== undefined || contextList) {
    const last = turns[turns.length - 1];
    if (last?.role === 'assistant') Object.assign(last, compact({ expectedOutput: last.expectedOutput ?? expectedText, context: contextList }));
    else turns.push(compact<Turn>({ role: 'assistant', content: '', expectedOutput: expectedText, context: contextList }));
  }
  if (turns.length === 0) {
    issues.push({ severity: 'error', path, message: `a dataset item needs messages or an input (${INPUT_KEYS.join(', ')})` });
    return null;
  }
  return compact({ externalId: text(r.take('id')?.value), chatbotRole, turns, metadata: mergeMetadata({ source: 'opik' }, dataset ? { dataset } : undefined, r.rest()) });
}

function datasetFile(record: Record<string, unknown>, roleValues: RoleValues | undefined, issues: Issues): Piece[] {
  const dataset = text(record.name) ?? (isPlainObject(record.dataset) ? text(record.dataset.name) : undefined);
  const pieces: Piece[] = [];
  (record.items as unknown[]).forEach((raw, i) => {
    if (!isPlainObject(raw)) {
      issues.push({ severity: 'error', path: ['items', i], message: `expected a dataset item object, found ${describe(raw)}` });
      return;
    }
    const conversation = datasetItemConversation(raw, dataset, roleValues, ['items', i], issues);
    if (conversation)
      pieces.push({
        kind: 'standalone',
        conversation,
        besideTraces: `Opik dataset files beside trace or experiment files are not imported (their items have no trace ids to join): import ${dataset ? `dataset_${dataset}.json` : 'a dataset file'} alone to get its items`,
        keptNote: 'Opik dataset items hold no reply: those without messages end with an empty assistant turn holding the expected output (replay them to get replies)',
      });
  });
  return pieces;
}

/** One Opik export file → the pieces it gives (a trace, an experiment's scores, a dataset's items). */
export function mapOpikRecord(record: unknown, roleValues?: RoleValues): MapResult {
  const kind = opikKind(record);
  if (!kind || !isPlainObject(record)) {
    return {
      conversation: null,
      issues: [{ severity: 'error', path: [], message: `not an Opik export file: expected {trace, spans} (trace_<id>.json), {experiment, items} or a dataset's {name, items}; found ${isPlainObject(record) ? Object.keys(record).slice(0, 12).join(', ') || 'no fields' : describe(record)}` }],
    };
  }
  const issues: Issues = [];
  const notes: Notes = [];
  let pieces: Piece[] = [];
  if (kind === 'trace-file') pieces = traceFile(record, issues, notes);
  else if (kind === 'experiment-file') pieces = experimentFile(record, issues, notes);
  else pieces = datasetFile(record, roleValues, issues);
  return { conversation: null, issues, pieces, notes };
}
