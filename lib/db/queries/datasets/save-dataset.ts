import { conversationMatchKey } from '../../../conversations/match-key';
import { currentOwnerId } from '../../../identity/acting-principal';
import type { Conversation } from '../../../domain';
import { Prisma } from '../../generated/sqlite/client';
import type { Db, Tx } from '../db-types';
import { indexDatasetTurns } from './index-dataset-turns';
import { IMPORT_HEARTBEAT_MS, purgeDataset } from './purge-dataset';
import { createSequentialIds } from './sequential-ids';
import type { SkippedLine } from '../../rows/skipped-lines';

export interface SaveDatasetInput {
  name: string;
  description?: string;
  modelVersion?: string;
  /** A function is called after the last batch (a streamed file's format is known once it is parsed). */
  sourceFormat: string | (() => string);
  sourceFileName?: string;
  /** All conversations, or batches of them as they are parsed (a large file is never held whole). */
  conversations: Conversation[] | AsyncIterable<Conversation[]>;
  /** Name and model version that arrived after the file (a form's later fields), read after the last batch. */
  lateDetails?: () => { name?: string; modelVersion?: string };
  /** Lines of the file left out ("skip invalid rows"), read after the last batch; stored with the dataset. */
  skippedLines?: () => readonly SkippedLine[];
  /** Called once every row is stored, before the dataset is shown (a replay links its turns to their sources here). */
  beforeShow?: (datasetId: string) => Promise<void>;
}

export interface SavedDataset {
  id: string;
  conversationCount: number;
  turnCount: number;
}

const BATCH = 1000;
// Rows per INSERT: SQLite allows 32,766 parameters per statement and Postgres 65,535; a few
// thousand keeps each statement's text and parameter list small.
export const CONVERSATION_ROWS = 300;
export const TURN_ROWS = 400;

export const CONVERSATION_COLUMNS = [
  'id',
  'datasetId',
  'position',
  'externalId',
  'name',
  'scenario',
  'expectedOutcome',
  'chatbotRole',
  'userDescription',
  'context',
  'metadata',
  'relevantTopics',
  'availableTools',
  'matchKey',
  'firstUserMessage',
  'turnCount',
] as const;
export const TURN_COLUMNS = ['id', 'conversationId', 'index', 'role', 'content', 'retrievalContext', 'context', 'toolsCalled', 'expectedTools', 'expectedOutput', 'metadata', 'labels'] as const;

async function* batchesOf(source: SaveDatasetInput['conversations']): AsyncIterable<Conversation[]> {
  if (Array.isArray(source)) {
    for (let i = 0; i < source.length; i += BATCH) yield source.slice(i, i + BATCH);
  } else {
    yield* source;
  }
}

/** A Json column's value as Prisma stores it: JSON text, or NULL when absent. */
const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));
const jsonObject = (value: Record<string, unknown> | undefined): string | null =>
  value === undefined || Object.keys(value).length === 0 ? null : JSON.stringify(value);

// The text pieces between the parameters of a multi-row INSERT, by table and row count: one Sql
// with a flat value list (nested Prisma.sql fragments per row cost more in garbage than the insert).
const statementPieces = new Map<string, string[]>();

function insertStatement(table: string, columns: readonly string[], rows: unknown[][]): Prisma.Sql {
  const key = `${table}:${rows.length}`;
  let pieces = statementPieces.get(key);
  if (!pieces) {
    pieces = [`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (`];
    for (let r = 0; r < rows.length; r++) {
      for (let c = 1; c < columns.length; c++) pieces.push(', ');
      pieces.push(r === rows.length - 1 ? ')' : '), (');
    }
    statementPieces.set(key, pieces);
  }
  const values: unknown[] = [];
  for (const row of rows) for (const v of row) values.push(v);
  return new Prisma.Sql(pieces, values);
}

/**
 * SQLite runs each statement synchronously and hands back a settled promise, so a loop of them
 * would never let the event loop in: a 1,000-conversation batch held the server for 300 ms. A
 * turn of the loop after each statement lets the pages' requests through in between.
 */
const letOthersRun = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function insertRows(tx: Tx, table: string, columns: readonly string[], rows: unknown[][], perStatement: number): Promise<void> {
  for (let i = 0; i < rows.length; i += perStatement) {
    await tx.$executeRaw(insertStatement(table, columns, rows.slice(i, i + perStatement)));
    await letOthersRun();
  }
}

async function insertBatch(tx: Tx, datasetId: string, batch: Conversation[], offset: number, nextId: () => string): Promise<number> {
  const conversationRows: unknown[][] = [];
  const turnRows: unknown[][] = [];
  batch.forEach((c, i) => {
    const position = offset + i;
    const id = nextId();
    conversationRows.push([
      id,
      datasetId,
      position,
      c.externalId ?? null,
      c.name ?? null,
      c.scenario ?? null,
      c.expectedOutcome ?? null,
      c.chatbotRole ?? null,
      c.userDescription ?? null,
      json(c.context),
      jsonObject(c.metadata),
      json(c.relevantTopics),
      json(c.availableTools),
      conversationMatchKey(c, position),
      c.turns.find((t) => t.role === 'user')?.content.slice(0, 500) ?? null,
      c.turns.length,
    ]);
    c.turns.forEach((t, index) => {
      turnRows.push([
        nextId(),
        id,
        index,
        t.role,
        t.content,
        json(t.retrievalContext),
        json(t.context),
        json(t.toolsCalled),
        json(t.expectedTools),
        t.expectedOutput ?? null,
        jsonObject(t.metadata),
        jsonObject(t.labels),
      ]);
    });
  });
  await insertRows(tx, 'Conversation', CONVERSATION_COLUMNS, conversationRows, CONVERSATION_ROWS);
  await insertRows(tx, 'Turn', TURN_COLUMNS, turnRows, TURN_ROWS);
  return turnRows.length;
}

/** Turn rows per transaction: on SQLite a transaction holds the one writer, and the pages' reads wait for it. */
const TURNS_PER_TRANSACTION = 2000;

/** The batch in pieces of about TURNS_PER_TRANSACTION turns (a conversation is never split). */
function* piecesOf(batch: Conversation[]): Generator<{ piece: Conversation[]; offset: number }> {
  let start = 0;
  let turns = 0;
  for (let i = 0; i < batch.length; i++) {
    turns += batch[i].turns.length;
    if (turns >= TURNS_PER_TRANSACTION || i === batch.length - 1) {
      yield { piece: batch.slice(start, i + 1), offset: start };
      start = i + 1;
      turns = 0;
    }
  }
}

/**
 * Stores a dataset and its conversations. The dataset is created hidden (`importing`) and its
 * rows go in short transactions of a few thousand turns, so neither a large file nor a slow
 * upload holds the database: the pages and the run workers write and read in between. The last
 * step shows it, with its counts, in one update. A failure part-way (bad batch, an error thrown
 * by the batch source, a database error) removes what was stored, and an import whose process
 * died is removed by sweepAbandonedImports: nobody ever sees a half-stored dataset. Rows go in as
 * multi-row INSERTs (createMany costs about ten times more per row in the client) with ids that
 * increase within the import, so the primary-key indexes grow at one end instead of at random
 * places.
 */
export async function saveDataset(db: Db, input: SaveDatasetInput): Promise<SavedDataset> {
  const { id } = await db.dataset.create({
    data: {
      name: input.name,
      description: input.description ?? null,
      modelVersion: input.modelVersion ?? null,
      sourceFormat: typeof input.sourceFormat === 'string' ? input.sourceFormat : 'pending',
      sourceFileName: input.sourceFileName ?? null,
      createdById: currentOwnerId(),
      importing: true,
    },
    select: { id: true },
  });
  const heartbeat = setInterval(() => {
    db.dataset.updateMany({ where: { id, importing: true }, data: { updatedAt: new Date() } }).catch(() => {});
  }, IMPORT_HEARTBEAT_MS);
  heartbeat.unref();
  try {
    const nextId = createSequentialIds();
    let conversationCount = 0;
    let turnCount = 0;
    for await (const batch of batchesOf(input.conversations)) {
      for (const { piece, offset } of piecesOf(batch)) {
        turnCount += await db.$transaction(
          async (tx) => {
            // Throws when the sweep took the dataset away: the rows must not land without it.
            await tx.dataset.update({ where: { id, importing: true }, data: { updatedAt: new Date() }, select: { id: true } });
            return insertBatch(tx, id, piece, conversationCount + offset, nextId);
          },
          { timeout: 5 * 60_000 },
        );
      }
      conversationCount += batch.length;
    }
    await indexDatasetTurns(db, id, conversationCount);
    await input.beforeShow?.(id);
    const sourceFormat = typeof input.sourceFormat === 'string' ? input.sourceFormat : input.sourceFormat();
    const late = input.lateDetails?.() ?? {};
    const skipped = input.skippedLines?.() ?? [];
    await db.dataset.update({
      where: { id, importing: true },
      data: { conversationCount, turnCount, sourceFormat, ...late, ...(skipped.length ? { skippedLines: skipped.map((s) => ({ ...s })) } : {}), importing: false },
    });
    return { id, conversationCount, turnCount };
  } catch (error) {
    // What remains if this fails too is the sweep's to remove.
    await purgeDataset(db, id).catch((purgeError: unknown) => console.error('could not remove a failed import (the sweep will retry):', purgeError));
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
}
