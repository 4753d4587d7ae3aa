import type { Db } from '../db/db-types';
import { indexDatasetTurns } from '../db/queries/datasets/index-dataset-turns';
import { listConversationsAsJson } from '../db/queries/datasets/list-conversations-as-json';
import { IMPORT_HEARTBEAT_MS, purgeDataset } from '../db/queries/datasets/purge-dataset';
import { createDatasetShell, insertConversationBatch, showDataset, touchImportingDataset, type BatchRedactions, type DatasetShell, type ShownDataset } from '../db/queries/datasets/save-dataset';
import { createSequentialIds } from '../db/sequential-ids';
import type { Conversation } from '../domain';
import { addToProfile, emptyProfile } from '../metrics/applicability-profile';

export interface SavedDataset {
  id: string;
  conversationCount: number;
  turnCount: number;
}

export interface DatasetWriter {
  readonly id: string;
  /** Stores the next conversations, after those already added, with the personal data redacted from each (by index). */
  add(batch: Conversation[], redactions?: BatchRedactions): Promise<void>;
  /**
   * Stores the next conversations with `insert`, which writes them in the database itself (an
   * INSERT … SELECT from stored rows) at positions from `offset` and says how many conversations
   * and turns it stored; finish reads them back for the applicable-metrics counts.
   */
  addStored(insert: (datasetId: string, offset: number) => Promise<{ conversations: number; turns: number }>): Promise<void>;
  /** Shows the dataset once every row is stored: its counts, and what became known at the end. */
  finish(final: Omit<ShownDataset, 'conversationCount' | 'turnCount' | 'applicableCounts'>): Promise<SavedDataset>;
  /** Removes what was stored (a bad line, an upload cut short, an error thrown by the caller). */
  abort(): Promise<void>;
}

/** Turn rows per transaction: on SQLite a transaction holds the one writer, and the pages' reads wait for it. */
const TURNS_PER_TRANSACTION = 2000;
/** Conversations stored by addStored read back per query, for the counts. */
const READ_BACK = 500;

/** The batch in pieces of about TURNS_PER_TRANSACTION turns (a conversation is never split). */
function* piecesOf(batch: Conversation[]): Generator<{ piece: Conversation[]; offset: number; end: number }> {
  let start = 0;
  let turns = 0;
  for (let i = 0; i < batch.length; i++) {
    turns += batch[i].turns.length;
    if (turns >= TURNS_PER_TRANSACTION || i === batch.length - 1) {
      yield { piece: batch.slice(start, i + 1), offset: start, end: i + 1 };
      start = i + 1;
      turns = 0;
    }
  }
}

/**
 * Starts storing a dataset. It is created hidden (`importing`) and its rows go in short
 * transactions of a few thousand turns, so neither a large file nor a slow upload holds the
 * database: the pages and the run workers write and read in between. finish shows it, with its
 * counts (which metrics apply to how many conversations too), in one update; abort removes what
 * was stored, and an import whose process died is removed by sweepAbandonedImports (the writer
 * says it is alive every IMPORT_HEARTBEAT_MS): nobody ever sees a half-stored dataset. The
 * caller ends every writer with finish or abort.
 */
export async function openDatasetWriter(db: Db, shell: DatasetShell): Promise<DatasetWriter> {
  const id = await createDatasetShell(db, shell);
  const heartbeat = setInterval(() => {
    touchImportingDataset(db, id).catch(() => {});
  }, IMPORT_HEARTBEAT_MS);
  heartbeat.unref();
  const nextId = createSequentialIds();
  let conversationCount = 0;
  let turnCount = 0;
  // Which metrics apply to how many conversations, counted as they go in (runs read it instead of the dataset).
  const applicable = emptyProfile();
  // Positions [from, to) stored by addStored, counted in finish.
  const stored: { from: number; to: number }[] = [];
  return {
    id,
    async add(batch, redactions) {
      for (const { piece, offset, end } of piecesOf(batch)) {
        turnCount += await insertConversationBatch(db, id, piece, conversationCount + offset, nextId, redactions?.slice(offset, end));
      }
      conversationCount += batch.length;
      addToProfile(applicable, batch);
    },
    async addStored(insert) {
      const added = await insert(id, conversationCount);
      if (added.conversations > 0) stored.push({ from: conversationCount, to: conversationCount + added.conversations });
      conversationCount += added.conversations;
      turnCount += added.turns;
    },
    async finish(final) {
      try {
        for (const range of stored) {
          for (let from = range.from; from < range.to; from += READ_BACK) {
            addToProfile(applicable, await listConversationsAsJson(db, id, from, Math.min(from + READ_BACK, range.to)));
          }
        }
        await indexDatasetTurns(db, id, conversationCount);
        await showDataset(db, id, { ...final, conversationCount, turnCount, applicableCounts: applicable });
        return { id, conversationCount, turnCount };
      } finally {
        clearInterval(heartbeat);
      }
    },
    async abort() {
      clearInterval(heartbeat);
      // What remains if this fails too is the sweep's to remove.
      await purgeDataset(db, id).catch((purgeError: unknown) => console.error('could not remove a failed import (the sweep will retry):', purgeError));
    },
  };
}
