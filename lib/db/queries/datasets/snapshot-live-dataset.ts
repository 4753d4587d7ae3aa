import { AppError } from '../../../errors';
import { currentOwnerId } from '../../../identity/acting-principal';
import { isPostgresDb } from '../../db-provider';
import type { Db } from '../../db-types';
import { notFound } from '../../not-found';
import { indexDatasetTurns } from './index-dataset-turns';

/** The columns a copy of a conversation takes from it (all but its id, dataset and position); TURN_COPY likewise for its turns. */
export const CONVERSATION_COPY = ['externalId', 'name', 'scenario', 'expectedOutcome', 'chatbotRole', 'userDescription', 'context', 'metadata', 'relevantTopics', 'availableTools', 'matchKey', 'firstUserMessage', 'turnCount', 'redactions'];
export const TURN_COPY = ['index', 'role', 'content', 'retrievalContext', 'context', 'toolsCalled', 'expectedTools', 'expectedOutput', 'metadata', 'labels'];
export const quotedColumns = (columns: string[], table = '') => columns.map((c) => `${table}"${c}"`).join(', ');

/**
 * A fixed dataset of a project made of its live (OTLP-fed) dataset's conversations as they are now: later spans
 * change the live dataset only. Copied inside the database (INSERT … SELECT) in one transaction,
 * so a copy is whole or absent whatever its size; ids derive from the new dataset's id and each
 * conversation's position and turn index.
 */
export async function snapshotLiveDataset(db: Db, projectId: string, liveDatasetId: string, name: string): Promise<{ id: string; conversationCount: number }> {
  const live = await db.dataset.findUnique({ where: { id: liveDatasetId, projectId, importing: false }, select: { sourceFormat: true, modelVersion: true } });
  if (!live) throw notFound('Dataset', liveDatasetId);
  if (live.sourceFormat !== 'otlp') throw new AppError('BAD_INPUT', 'Only a live (OpenTelemetry) dataset can be saved as a fixed dataset: this one is fixed already.', { field: 'id' });
  const createdById = currentOwnerId();
  // Inside the transaction the client no longer says its provider: ask it here.
  const sqlite = !isPostgresDb(db);
  return db.$transaction(
    async (tx) => {
      // Holds the live dataset's row until the copy commits: its applicable-metrics counts then match
      // the conversations copied (materializing traces takes the same row first).
      const { applicableCounts } = await tx.dataset.update({ where: { id: liveDatasetId, projectId }, data: { updatedAt: new Date() }, select: { applicableCounts: true } });
      const created = await tx.dataset.create({
        data: {
          projectId,
          name,
          sourceFormat: 'otlp-snapshot',
          modelVersion: live.modelVersion,
          importing: true,
          ...(createdById ? { createdById } : {}),
          ...(applicableCounts === null ? {} : { applicableCounts }),
        },
        select: { id: true },
      });
      const id = created.id;
      await tx.$executeRawUnsafe(
        `INSERT INTO "Conversation" ("id", "datasetId", "position", ${quotedColumns(CONVERSATION_COPY)})
         SELECT $1 || '-' || CAST("position" AS TEXT), $1, "position", ${quotedColumns(CONVERSATION_COPY)} FROM "Conversation" WHERE "datasetId" = $2`,
        id,
        liveDatasetId,
      );
      await tx.$executeRawUnsafe(
        `INSERT INTO "Turn" ("id", "conversationId", ${quotedColumns(TURN_COPY)})
         SELECT $1 || '-' || CAST(c."position" AS TEXT) || '-' || CAST(t."index" AS TEXT), $1 || '-' || CAST(c."position" AS TEXT), ${quotedColumns(TURN_COPY, 't.')}
         FROM "Turn" t JOIN "Conversation" c ON c."id" = t."conversationId" WHERE c."datasetId" = $2`,
        id,
        liveDatasetId,
      );
      const conversationCount = await tx.conversation.count({ where: { datasetId: id } });
      const turns = await tx.conversation.aggregate({ where: { datasetId: id }, _sum: { turnCount: true } });
      if (sqlite) await indexDatasetTurns(tx as unknown as Db, id, conversationCount);
      await tx.dataset.update({ where: { id, projectId }, data: { importing: false, conversationCount, turnCount: turns._sum.turnCount ?? 0 } });
      return { id, conversationCount };
    },
    { timeout: 600_000 },
  );
}
