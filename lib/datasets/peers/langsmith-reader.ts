import type { Conversation, Turn } from '../../domain';
import { chatTurns } from './chat-messages';
import type { Collector, Where } from '../collector';
import { compact, describe, type Issues, isPlainObject } from '../fields';
import { fitMetadata } from './fit-metadata';
import type { ImportedScore } from '../imported-scores';
import type { RecordReader } from '../record-reader';
import { feedbackScores } from './langsmith-feedback';
import { documentsOf, textOf as text, toolCallOf } from './io-text';
import { inputMessages, newMessages, outputMessages, type Found } from './langsmith-run-io';

/*
 * LangSmith's records (langsmith-sdk's schemas: Run, Example): examples of a dataset (inputs and
 * outputs holding messages) are a conversation each; runs are held until the file ends, then each
 * thread — the root runs sharing the metadata key session_id, thread_id or conversation_id (or the
 * thread_id LangSmith's API gives a run) — is one conversation, a root run per exchange in order of
 * start time, with what its trace's retriever and tool runs did, and its feedback as scores on its reply.
 * A root run in no thread is a conversation of its own.
 */

const THREAD_KEYS = ['session_id', 'thread_id', 'conversation_id'];
const NOTE_EXAMPLE_OUTPUTS = 'A LangSmith example’s outputs are its reference outputs: they are the conversation’s last reply.';
const NOTE_PHOENIX_OUTPUT = 'A Phoenix example’s output is its reference output: it is the conversation’s last reply.';
const NOTE_CHILD_RUNS = 'Of a trace’s other runs, retriever documents become the reply’s retrieval context and tool runs its tool calls; model and chain runs inside it are not kept.';
const NOTE_NO_THREAD = 'A root run with no thread key (session_id, thread_id or conversation_id in its metadata) is a conversation of its own.';

interface RootRun {
  id: string;
  traceId: string;
  thread?: string;
  start: string;
  order: string;
  /** Its input as turns when it opens its thread (all of it, system messages as the chatbot's role), and when it does not (what it adds). */
  opening: { turns: Turn[]; chatbotRole?: string };
  adding: Turn[];
  reply: Turn[];
  scores: ImportedScore[];
  metadata?: Record<string, unknown>;
  conversationMetadata?: Record<string, unknown>;
  at: Where;
}

interface TraceParts {
  retrieval: string[];
  tools: Record<string, unknown>[];
}

const time = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? new Date(v).toISOString() : '');

function metadataOf(run: Record<string, unknown>): Record<string, unknown> {
  const extra = isPlainObject(run.extra) ? run.extra : {};
  return isPlainObject(extra.metadata) ? extra.metadata : isPlainObject(run.metadata) ? run.metadata : {};
}

/** The thread a run belongs to (never a run's top-level session_id: there it names the tracing project). */
function threadOf(run: Record<string, unknown>): string | undefined {
  const metadata = metadataOf(run);
  for (const key of THREAD_KEYS) {
    const value = text(metadata[key]);
    if (value) return value;
  }
  return text(run.thread_id);
}

const isRoot = (run: Record<string, unknown>): boolean =>
  run.is_root === true || ((run.parent_run_id === undefined || run.parent_run_id === null) && run.is_root !== false && !(Array.isArray(run.parent_run_ids) && run.parent_run_ids.length > 0));

/** Whether a record is a run (a trace's span) rather than a dataset example. */
export const isLangSmithRun = (record: Record<string, unknown>): boolean => typeof record.run_type === 'string';

function readInputs(value: unknown, issues: Issues, key = 'inputs'): Found | null {
  if (!isPlainObject(value) && typeof value !== 'string') {
    issues.push({ severity: 'error', path: [key], message: `expected the ${key} (an object holding messages), found ${describe(value)}` });
    return null;
  }
  const found = inputMessages(value);
  if (!found || found.messages.length === 0) {
    issues.push({ severity: 'error', path: [key], message: 'no chat message found: expected messages (or input, question…) holding the user’s message' });
    return null;
  }
  return found;
}

function readOutputs(value: unknown, issues: Issues, error: string | undefined, key = 'outputs'): Found | null {
  if (value === undefined || value === null) {
    issues.push({ severity: 'warning', path: [key], message: error ? `no ${key} (the run failed: ${error.slice(0, 200)}): an empty reply is kept` : `no ${key}: an empty reply is kept` });
    return null;
  }
  const found = outputMessages(value);
  if (!found) {
    issues.push({ severity: 'error', path: [key], message: 'no reply found: expected messages, output, answer… holding the assistant’s message' });
    return null;
  }
  return found;
}

/** Turns of messages at a path; null when they do not read (issues say where). */
function turnsOf(found: Found, base: string, issues: Issues, roleValues: Collector['roleValues']) {
  return chatTurns(found.messages, found.key === null ? [base] : [base, found.key], issues, roleValues);
}

/**
 * One dataset example as a conversation: its input messages, then its output messages. LangSmith's
 * examples hold them under `inputs` and `outputs`; Phoenix's dataset export (its plain JSONL) under
 * `input` and `output`, with its `id`, `metadata` and `splits`.
 */
export function exampleConversation(record: Record<string, unknown>, issues: Issues, notes: Set<string>, roleValues: Collector['roleValues']): Conversation | null {
  const phoenix = !('inputs' in record) && 'input' in record;
  const [inKey, outKey] = phoenix ? ['input', 'output'] : ['inputs', 'outputs'];
  const input = readInputs(record[inKey], issues, inKey);
  const output = readOutputs(record[outKey], issues, undefined, outKey);
  if (!input) return null;
  const first = turnsOf(input, inKey, issues, roleValues);
  const reply = output ? turnsOf(output, outKey, issues, roleValues) : { turns: [{ role: 'assistant', content: '' } as Turn] };
  if (!first || !reply || issues.some((i) => i.severity === 'error')) return null;
  notes.add(phoenix ? NOTE_PHOENIX_OUTPUT : NOTE_EXAMPLE_OUTPUTS);
  const metadata = fitMetadata(
    compact({
      source: phoenix ? 'phoenix' : 'langsmith',
      datasetId: text(record.dataset_id),
      nodeId: text(record.node_id),
      sourceRunId: text(record.source_run_id),
      createdAt: text(record.created_at),
      splits: Array.isArray(record.splits) && record.splits.length ? record.splits : undefined,
      ...(isPlainObject(record.metadata) ? record.metadata : {}),
    }),
    notes,
  );
  return compact({ externalId: text(record.id), chatbotRole: first.chatbotRole, metadata, turns: [...first.turns, ...reply.turns] });
}

function childParts(run: Record<string, unknown>, parts: TraceParts): void {
  const outputs = isPlainObject(run.outputs) ? run.outputs : undefined;
  if (run.run_type === 'retriever' && Array.isArray(outputs?.documents)) {
    for (const doc of documentsOf(outputs.documents)) if (parts.retrieval.length < 1_000) parts.retrieval.push(doc);
  }
  if (run.run_type === 'tool' && typeof run.name === 'string' && parts.tools.length < 100) {
    parts.tools.push(toolCallOf(run.name, run.inputs, outputs && 'output' in outputs ? outputs.output : outputs));
  }
}

export function readLangSmithRecord(out: Collector): RecordReader {
  const notes = new Set<string>();
  const roots: RootRun[] = [];
  /** Threads with a run that did not read, and the line of the first such run. */
  const badThreads = new Map<string, number>();
  const traces = new Map<string, TraceParts>();
  const partsOf = (traceId: string) => {
    let parts = traces.get(traceId);
    if (!parts) traces.set(traceId, (parts = { retrieval: [], tools: [] }));
    return parts;
  };
  const flushNotes = () => {
    for (const n of notes) out.note(n);
    notes.clear();
  };

  const readRun = (run: Record<string, unknown>, at: Where, issues: Issues) => {
    const id = text(run.id) ?? `run-${at.record}`;
    const traceId = text(run.trace_id) ?? id;
    if (!isRoot(run)) {
      notes.add(NOTE_CHILD_RUNS);
      childParts(run, partsOf(traceId));
      out.issues(issues, at);
      return;
    }
    const error = text(run.error);
    const input = readInputs(run.inputs, issues);
    const output = readOutputs(run.outputs, issues, error);
    const feedback = feedbackScores(run.feedback_stats, issues, notes);
    // Read now, at the run's own line; put together with its thread's other runs at the end.
    const opening = input ? turnsOf(input, 'inputs', issues, out.roleValues) : null;
    const adding = input ? turnsOf({ ...input, messages: newMessages(input.messages) }, 'inputs', [], out.roleValues) : null;
    const reply = output ? turnsOf(output, 'outputs', issues, out.roleValues) : { turns: [{ role: 'assistant', content: '' } as Turn] };
    out.issues(issues, at);
    if (!opening || !reply || !feedback || issues.some((i) => i.severity === 'error')) {
      // A thread without one of its exchanges would read as another conversation: it is left out whole.
      const thread = threadOf(run);
      if (thread) badThreads.set(thread, at.line);
      return;
    }
    const metadata = metadataOf(run);
    roots.push({
      id,
      traceId,
      thread: threadOf(run),
      start: time(run.start_time),
      order: text(run.dotted_order) ?? '',
      opening,
      adding: adding?.turns ?? [],
      reply: reply.turns,
      scores: feedback.scores,
      metadata: compact({
        runId: id,
        traceId,
        name: text(run.name),
        startTime: text(run.start_time),
        endTime: text(run.end_time),
        status: text(run.status),
        error,
        totalTokens: typeof run.total_tokens === 'number' ? run.total_tokens : undefined,
        totalCost: run.total_cost ?? undefined,
        tags: Array.isArray(run.tags) && run.tags.length ? run.tags : undefined,
        feedbackLabels: feedback.labels,
      }),
      conversationMetadata: Object.keys(metadata).length ? metadata : undefined,
      at: at.line === 0 ? at : { line: at.line, record: at.record },
    });
  };

  /** The conversation of one thread's root runs, in order; each run's reply carries its trace's parts and its feedback. */
  const threadConversation = (runs: RootRun[]): { conversation: Conversation; scores: ImportedScore[] } => {
    const turns: Turn[] = [];
    const scores: ImportedScore[] = [];
    runs.forEach((run, i) => {
      turns.push(...(i === 0 ? run.opening.turns : run.adding), ...run.reply);
      const reply = turns.length - 1;
      const parts = traces.get(run.traceId);
      const turn = turns[reply];
      if (turn.role === 'assistant') {
        if (parts?.retrieval.length) turn.retrievalContext = parts.retrieval;
        if (parts?.tools.length && !turn.toolsCalled) turn.toolsCalled = parts.tools;
        const metadata = fitMetadata({ ...turn.metadata, ...run.metadata }, notes);
        if (metadata) turn.metadata = metadata;
        scores.push(...run.scores.map((s) => ({ ...s, turn: reply })));
      }
    });
    const [first] = runs;
    const metadata = fitMetadata(compact({ source: 'langsmith', thread: first.thread, ...first.conversationMetadata }), notes);
    return { conversation: compact({ externalId: first.thread ?? first.traceId, chatbotRole: first.opening.chatbotRole, metadata, turns }), scores };
  };

  return {
    read(record: unknown, at: Where) {
      const issues: Issues = [];
      if (!isPlainObject(record)) {
        issues.push({ severity: 'error', path: [], message: `expected a LangSmith run or example (an object with inputs and outputs), found ${describe(record)}` });
        out.accept({ conversation: null, issues }, at);
        return;
      }
      if (isLangSmithRun(record)) readRun(record, at, issues);
      else out.accept({ conversation: exampleConversation(record, issues, notes, out.roleValues), issues }, at);
      flushNotes();
    },
    end() {
      const threads = new Map<string, RootRun[]>();
      for (const run of roots) {
        const key = run.thread ?? `trace:${run.traceId}`;
        if (!run.thread) notes.add(NOTE_NO_THREAD);
        const list = threads.get(key) ?? [];
        list.push(run);
        threads.set(key, list);
      }
      for (const runs of threads.values()) {
        const bad = runs[0].thread !== undefined ? badThreads.get(runs[0].thread) : undefined;
        if (bad !== undefined) {
          for (const run of runs) out.leftOut({ line: run.at.line, field: '', message: `left out with its thread ${runs[0].thread}: the run at line ${bad} has an error` });
          continue;
        }
        runs.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
        const { conversation, scores } = threadConversation(runs);
        out.accept({ conversation, issues: [], scores }, runs[0].at);
      }
      flushNotes();
      roots.length = 0;
      traces.clear();
    },
  };
}
