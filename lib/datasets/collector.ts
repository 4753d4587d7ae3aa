import { type Conversation, conversationLimitIssues, conversationSchema } from '../domain';
import { type Issues, type Path, formatPath } from './fields';
import { boundScore, type ImportedScore, type ScoreCount, type ScoredConversation } from './imported-scores';
import type { MapResult } from './mapped';
import { ThreadAssembler } from './peers/thread-assembler';
import type { ThreadOptions } from './peers/thread-messages';
import type { ProblemLog } from './problems';
import type { RoleValues } from './roles';
import type { Problem } from './types';
import { type ConversationLimits, DEFAULT_CONVERSATION_LIMITS, findBadValue, MAX_NESTING } from './value-checks';

/** Notes kept of lines left out with their conversation; beyond this, the errors still say why. */
const MAX_LEFT_OUT = 2000;
/** Distinct unknown role values kept for the import page's mapper (the schema allows 100 mapped). */
const MAX_UNKNOWN_ROLES = 100;
/** Distinct notes of what a format could not carry. */
const MAX_NOTES = 20;
/** Distinct score names counted for the preview's summary of scores. */
const MAX_SCORE_NAMES = 200;

export interface LeftOutLine {
  line: number;
  field: string;
  message: string;
  /** Its file, in a folder or archive. */
  file?: string;
}

export interface Where {
  /** 1-based line of the record (0 until resolved, for JSON). */
  line: number;
  /** 1-based record number. */
  record: number;
  /** JSON path of the record inside the document; its problems get their lines later. */
  jsonPath?: Path;
  /** What the file calls a record's top-level field (CSV headers). */
  rename?: (key: string) => string;
  /** The file of a folder or archive the record is in. */
  file?: string;
}

/**
 * Turns mapped records into validated conversations and located problems, keeps the counts, and
 * refuses a conversation with no turns, and warns about what is legal but suspicious (an id used twice).
 */
export class Collector {
  conversations: Conversation[] = [];
  readonly stats = { conversations: 0, turns: 0 };
  /** Problems whose line is still to be found from their JSON path. */
  readonly unresolved = new Map<Problem, Path>();
  private readonly ids = new Map<string, number>();
  /** Lines without an error of their own that were not stored because their conversation was not (long CSV). */
  readonly leftOutLines: LeftOutLine[] = [];
  /** Role values no name or mapping covered, in the order met. */
  readonly unknownRoles = new Set<string>();
  /** Conversations whose records are apart in the file (traces, spans, scores, chat messages), until the end. */
  private assembler: ThreadAssembler | null = null;
  /** What the file's format could not carry (or how it was read), each said once, in the order met, by its key. */
  private readonly noted = new Map<string, string>();
  /** The file of a folder or archive being read; records and problems are stamped with it. */
  file: string | undefined;
  /** The fields of the first JSON record read (a chat log's "column set", by which its thread key is remembered). */
  recordKeys: string[] | null = null;
  /** Scores the file gave its conversations, by position among the conversations accepted, until taken. */
  private scored: ScoredConversation[] = [];
  /** Conversations with scores, and scores, accepted so far. */
  readonly scoreStats = { conversations: 0, scores: 0 };
  /** How many scores of each tool's score name, in the order met. */
  readonly scoreCounts = new Map<string, ScoreCount>();

  constructor(
    private readonly log: ProblemLog,
    private readonly limits: ConversationLimits = DEFAULT_CONVERSATION_LIMITS,
    /** The file's own role values, which every format's mapper reads before the usual names. */
    readonly roleValues?: RoleValues,
    /** How chat messages with a thread key are grouped and ordered. */
    readonly threadOptions: ThreadOptions = {},
  ) {}

  /**
   * What the format could not carry, or how it was read ("Opik spans of type 'guardrail' are not
   * kept"): said once per key (the text itself unless given), however many records have it.
   */
  note(text: string, key: string = text): void {
    if (this.noted.has(key) || this.noted.size >= MAX_NOTES) return;
    this.noted.set(key, text);
  }

  /** The notes, in the order met. */
  get notes(): string[] {
    return [...this.noted.values()];
  }

  /** Makes the conversations whose records were apart; call once the whole input is read. */
  flush(): void {
    this.assembler?.flush();
  }

  leftOut(note: LeftOutLine): void {
    if (this.leftOutLines.length < MAX_LEFT_OUT) this.leftOutLines.push(note);
  }

  problem(p: Problem): void {
    this.log.add(p.file === undefined && this.file !== undefined ? { ...p, file: this.file } : p);
  }

  issues(issues: Issues, at: Where): void {
    for (const issue of issues) {
      if (issue.unknownRole !== undefined && this.unknownRoles.size < MAX_UNKNOWN_ROLES) this.unknownRoles.add(issue.unknownRole);
      const path = at.rename && typeof issue.path[0] === 'string' ? [at.rename(issue.path[0]), ...issue.path.slice(1)] : issue.path;
      const p: Problem = { severity: issue.severity, line: at.line, field: formatPath(path), message: issue.message, record: at.record };
      const file = at.file ?? this.file;
      if (file !== undefined) p.file = file;
      this.log.add(p);
      if (at.jsonPath) this.unresolved.set(p, [...at.jsonPath, ...issue.path]);
    }
  }

  accept(mapped: MapResult, at: Where): void {
    const where = at.file === undefined && this.file !== undefined ? { ...at, file: this.file } : at;
    this.issues(mapped.issues, where);
    for (const n of mapped.notes ?? []) this.note(n);
    if (mapped.conversation) this.add(mapped.conversation, where, mapped.scores);
    // A record with an error still names its conversation: the whole conversation is then refused, not stored without it.
    if (mapped.pieces) (this.assembler ??= new ThreadAssembler(this)).add(mapped.pieces, { ...where, line: where.line || 1 }, mapped.issues.some((i) => i.severity === 'error'));
  }

  /** Hands over the scores gathered since the last call. */
  takeScores(): ScoredConversation[] {
    const out = this.scored;
    this.scored = [];
    return out;
  }

  /**
   * Validates with conversationSchema; the mappers should never fail it, this is the last guard.
   * False when refused. The scores the file gave the conversation are kept by its position among
   * the conversations accepted (the one channel of scores: lib/datasets/imported-scores.ts).
   */
  add(candidate: Conversation, at: Where, scores?: ImportedScore[]): boolean {
    // Before validation, which walks the value recursively.
    const bad = findBadValue(candidate);
    if (bad) {
      const message =
        bad.problem === 'nul'
          ? 'NUL character (\\u0000) in text: remove it; it cannot be stored faithfully'
          : `nested deeper than ${MAX_NESTING} levels`;
      this.issues([{ severity: 'error', path: bad.path, message }], at);
      return false;
    }
    const parsed = conversationSchema.safeParse(candidate);
    if (!parsed.success) {
      this.issues(
        parsed.error.issues.map((i) => ({
          severity: 'error' as const,
          path: i.path.filter((p): p is string | number => typeof p !== 'symbol'),
          message: `invalid conversation: ${i.message}`,
        })),
        at,
      );
      return false;
    }
    const conversation = parsed.data;
    // Nothing in it can be judged, and a metric must never pass it by an empty-case rule.
    if (conversation.turns.length === 0) {
      this.issues([{ severity: 'error', path: ['turns'], message: 'conversation has no turns: give it at least one user or assistant message' }], at);
      return false;
    }
    const over = conversationLimitIssues(conversation, this.limits);
    if (over.length > 0) {
      this.issues(
        over.map((i) => ({ severity: 'error' as const, path: i.path, message: i.message })),
        at,
      );
      return false;
    }
    const notes: Issues = [];
    if (conversation.externalId !== undefined) {
      const first = this.ids.get(conversation.externalId);
      if (first !== undefined) {
        notes.push({
          severity: 'warning',
          path: [],
          message: `id ${JSON.stringify(conversation.externalId)} is also used by record ${first}`,
        });
      } else this.ids.set(conversation.externalId, at.record);
    }
    this.issues(notes, at);
    this.conversations.push(conversation);
    this.stats.conversations++;
    this.stats.turns += conversation.turns.length;
    if (scores?.length) this.keepScores(scores);
    return true;
  }

  private keepScores(scores: ImportedScore[]): void {
    const bounded = scores.map(boundScore);
    this.scored.push({ position: this.stats.conversations - 1, scores: bounded });
    this.scoreStats.conversations++;
    this.scoreStats.scores += bounded.length;
    for (const s of bounded) {
      const name = s.sameAs ?? s.name;
      const key = `${s.tool}\u0000${name}`;
      let count = this.scoreCounts.get(key);
      if (!count) {
        if (this.scoreCounts.size >= MAX_SCORE_NAMES) continue;
        this.scoreCounts.set(key, (count = { tool: s.tool, name, onTurns: 0, onConversations: 0 }));
      }
      if (s.turn === undefined) count.onConversations++;
      else count.onTurns++;
    }
  }

  /** Hands over the conversations gathered since the last call. */
  drain(): Conversation[] {
    const out = this.conversations;
    this.conversations = [];
    return out;
  }
}
