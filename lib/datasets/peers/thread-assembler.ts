import type { Conversation, Turn } from '../../domain';
import type { Where } from '../collector';
import { compact, type Issue, type Issues, mergeMetadata } from '../fields';
import { mapOpenAiRecord } from '../map-openai';
import type { RoleValues } from '../roles';
import type { Problem } from '../types';
import { fitMetadata } from './fit-metadata';
import { sortOrdered } from './order';
import type { ImportedScore } from '../imported-scores';
import type { MessagePiece, Piece, RankedText, StandalonePiece, ThreadPiece, TracePiece } from './pieces';

/** What the assembler needs of the collector. */
export interface AssemblySink {
  readonly roleValues?: RoleValues;
  /** A line with no error of its own, left out because its conversation has one. */
  leftOut(note: { line: number; field: string; message: string; file?: string }): void;
  issues(issues: Issues, at: Where): void;
  add(candidate: Conversation, at: Where, scores?: ImportedScore[]): boolean;
  problem(p: Problem): void;
  /** A note of what the format could not carry or how it was read, said once per key (the text unless given). */
  note(text: string, key?: string): void;
}

/**
 * Text held while conversations wait for the end of the file: their records may be anywhere in
 * it (an export sorted by time, not by session). Past this the import stops with a problem.
 */
export const MAX_HELD_CHARS = 256 * 1024 * 1024;
/** Lines of a trace's records kept to name them if its conversation is left out. */
const LINES_KEPT = 20;

interface TraceAcc {
  id: string;
  tool: string;
  thread?: string;
  order?: number;
  orderRank: number;
  time?: string;
  user?: RankedText;
  assistant?: RankedText;
  retrieval: string[];
  tools: Record<string, unknown>[];
  expectedOutput?: string;
  scores: ImportedScore[];
  metadata?: Record<string, unknown>;
  noTextHint?: string;
  seq: number;
  at: Where;
  /** Records of it had an error: its conversation is refused whole. */
  failed?: boolean;
  /** Lines of its records (the first LINES_KEPT), to say which were left out with it. */
  lines: number[];
}

interface ThreadAcc {
  key: string;
  tool?: string;
  scores: ImportedScore[];
  metadata?: Record<string, unknown>;
  seq: number;
  at: Where;
  failed?: boolean;
}

interface HeldMessage {
  order?: number;
  seq: number;
  message: Record<string, unknown>;
  at: Where;
}

const textLength = (t?: RankedText) => (t ? t.text.length + (t.system?.length ?? 0) : 0);

/** Which of two candidate texts a turn keeps: the better source; from equal ones, the later (a later generation's reply). */
function better(held: RankedText | undefined, offered: RankedText | undefined): RankedText | undefined {
  if (!offered) return held;
  if (!held) return offered;
  if (offered.rank !== held.rank) return offered.rank > held.rank ? offered : held;
  return (offered.order ?? -Infinity) >= (held.order ?? -Infinity) ? offered : held;
}

/**
 * Gathers the pieces of conversations that records give apart — a trace with its spans and
 * scores, a session's scores, chat messages with a thread key — and makes conversations of them
 * once the whole input has been read: turns in time order (file order where a time is missing),
 * each trace a user turn and a reply, with its retrieval, tools, ids and time, and its scores
 * landed on the reply. Holds only the text turns need, within MAX_HELD_CHARS.
 */
export class ThreadAssembler {
  private readonly traces = new Map<string, TraceAcc>();
  private readonly threads = new Map<string, ThreadAcc>();
  private readonly messages = new Map<string, { seq: number; at: Where; items: HeldMessage[]; failed?: boolean }>();
  private readonly standalone: { seq: number; at: Where; piece: StandalonePiece }[] = [];
  private seq = 0;
  private held = 0;
  private full = false;

  /** Notes of what the reader left out of metadata it built past the limit every metadata has. */
  private readonly notes = { add: (note: string) => this.sink.note(note) };

  constructor(private readonly sink: AssemblySink) {}

  /** Adds what a record gives; `failed` when the record had an error: the conversation it belongs to is then refused. */
  add(pieces: Piece[], at: Where, failed = false): void {
    if (this.full) return;
    for (const piece of pieces) {
      if (piece.kind === 'trace') this.addTrace(piece, at, failed);
      else if (piece.kind === 'thread') this.addThread(piece, at, failed);
      else if (piece.kind === 'message') this.addMessage(piece, at, failed);
      else if (!failed) {
        this.standalone.push({ seq: this.seq++, at, piece });
        this.held += JSON.stringify(piece.conversation).length;
      }
    }
    if (this.held > MAX_HELD_CHARS) {
      this.full = true;
      this.sink.problem({
        severity: 'error',
        line: at.line,
        field: '',
        message: `the conversations waiting for the end of the file hold more than ${MAX_HELD_CHARS / 1024 / 1024} MB of text: a conversation's records may be anywhere in the file, so all are held until it ends. Import the export in parts (for example a day or a week at a time)`,
        ...(at.file ? { file: at.file } : {}),
      });
    }
  }

  private addTrace(piece: TracePiece, at: Where, failed: boolean): void {
    let acc = this.traces.get(piece.id);
    if (!acc) {
      acc = { id: piece.id, tool: piece.tool, orderRank: -1, retrieval: [], tools: [], scores: [], seq: this.seq++, at, lines: [] };
      this.traces.set(piece.id, acc);
      this.held += piece.id.length;
    }
    if (failed) acc.failed = true;
    if (acc.lines.length < LINES_KEPT && acc.lines[acc.lines.length - 1] !== at.line) acc.lines.push(at.line);
    acc.thread ??= piece.thread;
    const rank = Math.max(piece.user?.rank ?? -1, piece.assistant?.rank ?? -1, piece.time !== undefined ? 3 : -1);
    if (piece.order !== undefined && (acc.order === undefined || rank > acc.orderRank || (rank === acc.orderRank && piece.order < acc.order))) {
      acc.order = piece.order;
      acc.orderRank = rank;
      if (piece.time !== undefined) acc.time = piece.time;
    }
    acc.time ??= piece.time;
    const before = textLength(acc.user) + textLength(acc.assistant);
    acc.user = better(acc.user, piece.user);
    acc.assistant = better(acc.assistant, piece.assistant);
    this.held += textLength(acc.user) + textLength(acc.assistant) - before;
    for (const doc of piece.retrieval ?? []) {
      acc.retrieval.push(doc);
      this.held += doc.length;
    }
    for (const tool of piece.tools ?? []) {
      acc.tools.push(tool);
      this.held += 200;
    }
    for (const score of piece.scores ?? []) {
      acc.scores.push(score);
      this.held += 100 + (score.reason?.length ?? 0);
    }
    if (piece.metadata) acc.metadata = mergeMetadata(acc.metadata, piece.metadata);
    acc.expectedOutput ??= piece.expectedOutput;
    acc.noTextHint ??= piece.noTextHint;
  }

  private addThread(piece: ThreadPiece, at: Where, failed: boolean): void {
    let acc = this.threads.get(piece.key);
    if (!acc) {
      acc = { key: piece.key, tool: piece.tool, scores: [], seq: this.seq++, at };
      this.threads.set(piece.key, acc);
    }
    if (failed) acc.failed = true;
    for (const score of piece.scores ?? []) acc.scores.push(score);
    if (piece.metadata) acc.metadata = mergeMetadata(acc.metadata, piece.metadata);
  }

  private addMessage(piece: MessagePiece, at: Where, failed: boolean): void {
    let thread = this.messages.get(piece.thread);
    if (!thread) {
      thread = { seq: this.seq++, at, items: [] };
      this.messages.set(piece.thread, thread);
    }
    if (failed) {
      thread.failed = true;
      return;
    }
    thread.items.push({ order: piece.order, seq: this.seq++, message: piece.message, at });
    this.held += JSON.stringify(piece.message)?.length ?? 0;
  }

  /** Makes the conversations, in the order their first record came. */
  flush(): void {
    if (this.full) return;
    type Group = { seq: number; key: string; at: Where; traces: TraceAcc[]; thread?: ThreadAcc; own?: boolean };
    const groups = new Map<string, Group>();
    let alone = 0;
    for (const trace of this.traces.values()) {
      const key = trace.thread ?? `\u0000${trace.id}`;
      if (trace.thread === undefined) alone++;
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { seq: trace.seq, key: trace.thread ?? trace.id, at: trace.at, traces: [], own: trace.thread === undefined }));
      group.traces.push(trace);
    }
    for (const thread of this.threads.values()) {
      const group = groups.get(thread.key);
      if (group) {
        group.thread = thread;
        if (thread.seq < group.seq) Object.assign(group, { seq: thread.seq, at: thread.at });
      } else if (thread.scores.length > 0) {
        this.sink.note(`session ${JSON.stringify(thread.key)} has scores but no traces in the file: its scores are not imported`, 'thread-without-traces');
      }
    }
    if (alone > 0) {
      this.sink.note(`${alone} ${alone === 1 ? 'trace has' : 'traces have'} no session or thread id: each became a conversation of its own`);
    }
    const ordered: { seq: number; make: () => void }[] = [];
    for (const group of groups.values()) ordered.push({ seq: group.seq, make: () => this.makeTraceConversation(group.key, group.traces, group.thread) });
    for (const [key, thread] of this.messages) {
      ordered.push({ seq: thread.seq, make: () => (thread.failed ? this.leaveOut(thread.items.map((m) => m.at.line)) : this.makeMessageConversation(key, thread.items)) });
    }
    for (const { seq, at, piece } of this.standalone) {
      if (this.traces.size > 0) this.sink.note(piece.besideTraces);
      else {
        if (piece.keptNote) this.sink.note(piece.keptNote);
        ordered.push({ seq, make: () => void this.sink.add(piece.conversation, at) });
      }
    }
    ordered.sort((a, b) => a.seq - b.seq);
    for (const o of ordered) o.make();
    this.traces.clear();
    this.threads.clear();
    this.messages.clear();
    this.standalone.length = 0;
    this.held = 0;
  }

  /** The lines of a conversation refused for another line's error: said, so that skipping errors leaves no half conversation. */
  private leaveOut(lines: number[], file?: string): void {
    for (const line of lines) this.sink.leftOut({ line, field: '', message: `left out with its conversation, which has an error in another ${file ? 'file' : 'line'}`, ...(file ? { file } : {}) });
  }

  private makeTraceConversation(key: string, traces: TraceAcc[], thread: ThreadAcc | undefined): void {
    if (thread?.failed || traces.some((t) => t.failed)) {
      this.leaveOut(traces.flatMap((t) => (t.failed ? [] : t.lines)), traces[0]?.at.file);
      return;
    }
    const { sorted, someUnordered } = sortOrdered(traces.map((t) => ({ ...t, order: t.order })));
    if (someUnordered) {
      this.sink.note('some traces have no start time: their conversations keep the order of the file');
    }
    const turns: Turn[] = [];
    const landed: ImportedScore[] = [];
    let system: string | undefined;
    let failed = false;
    for (const trace of sorted) {
      const issues: Issue[] = [];
      if (!trace.user && !trace.assistant) {
        issues.push({ severity: 'error', path: [], message: `trace ${JSON.stringify(trace.id)} has no input or output${trace.noTextHint ? `: ${trace.noTextHint}` : ''}` });
      } else if (!trace.assistant) {
        issues.push({ severity: 'warning', path: [], message: `trace ${JSON.stringify(trace.id)} has no output: its turn has no reply` });
      }
      if (trace.user?.asJson || trace.assistant?.asJson) {
        this.sink.note('some inputs or outputs hold no chat text we know (a message, messages, query, answer…): they are kept as JSON text');
      }
      this.sink.issues(issues, trace.at);
      if (issues.some((i) => i.severity === 'error')) {
        failed = true;
        continue;
      }
      system ??= trace.user?.system;
      const ids = compact({ traceId: trace.id, timestamp: trace.time });
      if (trace.user) turns.push({ role: 'user', content: trace.user.text, metadata: ids });
      if (trace.assistant) {
        turns.push(
          compact({
            role: 'assistant' as const,
            content: trace.assistant.text,
            retrievalContext: trace.retrieval.length > 0 ? trace.retrieval : undefined,
            toolsCalled: trace.tools.length > 0 ? trace.tools : undefined,
            expectedOutput: trace.expectedOutput,
            metadata: fitMetadata(mergeMetadata(ids, trace.metadata), this.notes),
          }),
        );
      } else if (trace.metadata) {
        turns[turns.length - 1].metadata = fitMetadata(mergeMetadata(ids, trace.metadata), this.notes);
      }
      const turn = turns.length - 1;
      for (const score of trace.scores) landed.push({ ...score, turn });
    }
    if (failed) return;
    for (const score of thread?.scores ?? []) landed.push({ ...score });
    const tool = traces[0]?.tool ?? thread?.tool;
    const first = sorted[0];
    const conversation: Conversation = compact({
      externalId: key,
      chatbotRole: system,
      turns,
      metadata: fitMetadata(mergeMetadata(tool ? { source: tool.toLowerCase() } : undefined, thread?.metadata), this.notes),
    });
    this.sink.add(conversation, first?.at ?? thread!.at, landed);
  }

  private makeMessageConversation(key: string, items: HeldMessage[]): void {
    const { sorted, someUnordered } = sortOrdered(items);
    if (someUnordered) {
      this.sink.note('some messages have no order field: their conversations keep the order of the file');
    }
    const mapped = mapOpenAiRecord({ messages: sorted.map((m) => m.message) }, this.sink.roleValues);
    // A message's problem goes to its own line, with its own field path.
    for (const issue of mapped.issues) {
      const [root, index, ...rest] = issue.path;
      const item = root === 'messages' && typeof index === 'number' ? sorted[index] : undefined;
      this.sink.issues([{ ...issue, path: item ? rest : issue.path }], item?.at ?? sorted[0].at);
    }
    if (!mapped.conversation) return;
    mapped.conversation.externalId = key;
    this.sink.add(mapped.conversation, sorted[0].at);
  }
}
