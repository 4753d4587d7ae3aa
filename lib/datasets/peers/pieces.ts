import type { Conversation } from '../../domain';
import type { ImportedScore } from '../imported-scores';
import type { ChatText } from './io-text';

/*
 * What a record of a tracing tool's export says about a conversation. Such exports hold one
 * trace (one turn: a user's message and the reply), one span, one score or one chat message per
 * record, in any order; the pieces are gathered by conversation (a session or thread id) and
 * trace id, and become conversations when the whole file has been read (thread-assembler.ts).
 */

/** A candidate for a turn's text, ranked by where it came from (a trace's own input beats a span's). */
export interface RankedText extends ChatText {
  rank: number;
  /** When it was produced (a later generation's output is the turn's reply). */
  order?: number;
}

/** Ranks of where a turn's text came from: higher wins. */
export const TEXT_RANK = { datasetItem: 0, generation: 1, rootSpan: 2, trace: 3 } as const;

export interface TracePiece {
  kind: 'trace';
  id: string;
  tool: string;
  /** The session or thread the trace belongs to. */
  thread?: string;
  order?: number;
  /** Its timestamp as the file gave it (kept in the turn's metadata). */
  time?: string;
  user?: RankedText;
  assistant?: RankedText;
  retrieval?: string[];
  tools?: Record<string, unknown>[];
  /** The reply the dataset expected (an experiment item's expected output). */
  expectedOutput?: string;
  scores?: ImportedScore[];
  /** Facts kept in the reply's metadata (name, tags, user, comments…). */
  metadata?: Record<string, unknown>;
  /** Says what to do when the trace ends up with no text (Langfuse's session download carries none). */
  noTextHint?: string;
}

export interface ThreadPiece {
  kind: 'thread';
  key: string;
  tool: string;
  scores?: ImportedScore[];
  metadata?: Record<string, unknown>;
}

export interface MessagePiece {
  kind: 'message';
  thread: string;
  order?: number;
  message: Record<string, unknown>;
}

/** A conversation that stands on its own (a dataset item) unless traces came with it: then it is left out, with a note. */
export interface StandalonePiece {
  kind: 'standalone';
  conversation: Conversation;
  /** Why it is left out beside traces. */
  besideTraces: string;
  /** What to say once when it is kept. */
  keptNote?: string;
}

export type Piece = TracePiece | ThreadPiece | MessagePiece | StandalonePiece;
