import { conversationMatchKey } from '../../../conversations/match-key';
import { currentOwnerId } from '../../../identity/acting-principal';
import type { Conversation } from '../../../domain';
import { Prisma } from '../../generated/sqlite/client';
import type { Db, Tx } from '../../db-types';
import type { SkippedLine } from '../../rows/skipped-lines';

/*
 * The writes of a dataset, batch by batch: a hidden (`importing`) shell, batches of conversations
 * with their turns, then one update that shows it with its counts. The order and the size of the
 * batches, and the removal of a dataset that did not finish (purgeDataset), are the import
 * pipeline's (lib/imports/dataset-writer.ts). Rows go in as multi-row INSERTs (createMany costs
 * about ten times more per row in the client) with ids that increase within the import, so the
 * primary-key indexes grow at one end instead of at random places.
 */

export interface DatasetShell {
  /** The project it is stored in. */
  projectId: string;
  name: string;
  description?: string;
  modelVersion?: string;
  sourceFormat: string;
  sourceFileName?: string;
}

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
  'redactions',
] as const;
export const TURN_COLUMNS = ['id', 'conversationId', 'index', 'role', 'content', 'retrievalContext', 'context', 'toolsCalled', 'expectedTools', 'expectedOutput', 'metadata', 'labels'] as const;

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

type ConversationColumn = (typeof CONVERSATION_COLUMNS)[number];
type TurnColumn = (typeof TURN_COLUMNS)[number];

/** A Conversation row in the order of CONVERSATION_COLUMNS, null where `values` has nothing (for insertRows). */
export const conversationRow = (values: Partial<Record<ConversationColumn, unknown>>): unknown[] => CONVERSATION_COLUMNS.map((c) => values[c] ?? null);
/** A Turn row in the order of TURN_COLUMNS, null where `values` has nothing (for insertRows). */
export const turnRow = (values: Partial<Record<TurnColumn, unknown>>): unknown[] => TURN_COLUMNS.map((c) => values[c] ?? null);

/** Redactions made in each conversation of a batch (lib/pii's counts by kind), by index; absent or null: none. */
export type BatchRedactions = readonly (Record<string, number> | null)[];

async function insertBatch(tx: Tx, datasetId: string, batch: Conversation[], offset: number, nextId: () => string, redactions?: BatchRedactions): Promise<number> {
  const conversationRows: unknown[][] = [];
  const turnRows: unknown[][] = [];
  batch.forEach((c, i) => {
    const position = offset + i;
    const id = nextId();
    conversationRows.push(
      conversationRow({
        id,
        datasetId,
        position,
        externalId: c.externalId,
        name: c.name,
        scenario: c.scenario,
        expectedOutcome: c.expectedOutcome,
        chatbotRole: c.chatbotRole,
        userDescription: c.userDescription,
        context: json(c.context),
        metadata: jsonObject(c.metadata),
        relevantTopics: json(c.relevantTopics),
        availableTools: json(c.availableTools),
        matchKey: conversationMatchKey(c, position),
        firstUserMessage: c.turns.find((t) => t.role === 'user')?.content.slice(0, 500),
        turnCount: c.turns.length,
        redactions: redactions?.[i] ? JSON.stringify(redactions[i]) : null,
      }),
    );
    c.turns.forEach((t, index) => {
      turnRows.push(
        turnRow({
          id: nextId(),
          conversationId: id,
          index,
          role: t.role,
          content: t.content,
          retrievalContext: json(t.retrievalContext),
          context: json(t.context),
          toolsCalled: json(t.toolsCalled),
          expectedTools: json(t.expectedTools),
          expectedOutput: t.expectedOutput,
          metadata: jsonObject(t.metadata),
          labels: jsonObject(t.labels),
        }),
      );
    });
  });
  await insertRows(tx, 'Conversation', CONVERSATION_COLUMNS, conversationRows, CONVERSATION_ROWS);
  await insertRows(tx, 'Turn', TURN_COLUMNS, turnRows, TURN_ROWS);
  return turnRows.length;
}

/** Creates the dataset hidden (`importing`): nobody sees it until showDataset; its id. */
export async function createDatasetShell(db: Db, shell: DatasetShell): Promise<string> {
  const { id } = await db.dataset.create({
    data: {
      projectId: shell.projectId,
      name: shell.name,
      description: shell.description ?? null,
      modelVersion: shell.modelVersion ?? null,
      sourceFormat: shell.sourceFormat,
      sourceFileName: shell.sourceFileName ?? null,
      createdById: currentOwnerId(),
      importing: true,
    },
    select: { id: true },
  });
  return id;
}

/** An import in progress says it is alive (sweepAbandonedImports removes the silent ones); across projects: the import's own shell. */
export async function touchImportingDataset(db: Db, id: string): Promise<void> {
  await db.dataset.updateMany({ where: { id, importing: true }, data: { updatedAt: new Date() } });
}

/**
 * Stores a batch of conversations and their turns at positions from `offset`, in one
 * transaction; the number of turns stored. Throws when the dataset is no longer being imported
 * (the sweep took it away): the rows must not land without it. Across projects: the import's own shell.
 */
export async function insertConversationBatch(db: Db, datasetId: string, batch: Conversation[], offset: number, nextId: () => string, redactions?: BatchRedactions): Promise<number> {
  return db.$transaction(
    async (tx) => {
      await tx.dataset.update({ where: { id: datasetId, importing: true }, data: { updatedAt: new Date() }, select: { id: true } });
      return insertBatch(tx, datasetId, batch, offset, nextId, redactions);
    },
    { timeout: 5 * 60_000 },
  );
}

export interface ShownDataset {
  conversationCount: number;
  turnCount: number;
  sourceFormat: string;
  /** Name and model version that arrived after the file (a form's later fields). */
  name?: string;
  modelVersion?: string;
  /** Lines of the file left out ("skip invalid rows"). */
  skippedLines?: readonly SkippedLine[];
  /** Which metrics apply to how many conversations (lib/metrics/applicability-profile.ts), as JSON. */
  applicableCounts?: Record<string, unknown>;
  /** The redaction of personal data applied on the way in, and what it took (lib/redaction's StoredRedaction), as JSON. */
  piiRedaction?: Record<string, unknown>;
}

/** Shows a dataset whose rows are all stored, with its counts, in one update (across projects: the import's own shell). */
export async function showDataset(db: Db, id: string, shown: ShownDataset): Promise<void> {
  const { skippedLines, applicableCounts, piiRedaction, ...rest } = shown;
  await db.dataset.update({
    where: { id, importing: true },
    data: {
      ...rest,
      ...(skippedLines?.length ? { skippedLines: skippedLines.map((s) => ({ ...s })) } : {}),
      ...(applicableCounts ? { applicableCounts: applicableCounts as Prisma.InputJsonObject } : {}),
      ...(piiRedaction ? { piiRedaction: piiRedaction as Prisma.InputJsonObject } : {}),
      importing: false,
    },
  });
}
