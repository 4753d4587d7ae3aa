import type { Conversation } from '../../../domain';
import type { Prisma } from '../../generated/sqlite/client';
import type { Db, Tx } from '../../db-types';
import { notFound } from '../../not-found';
import { conversationFromRow, conversationSelect } from '../../rows/conversation-from-row';

/*
 * A dataset's applicable-metrics counts: JSON written with its conversations and read by
 * lib/metrics/applicability-profile.ts (this folder does not know what it holds).
 */

/**
 * A dataset's stored counts (null when not counted yet), and whether it is live (fed over
 * OpenTelemetry: it changes as spans arrive). Across projects: a run or the upload that stored it
 * reads the dataset it was given, found in its project before.
 */
export async function getApplicableCounts(db: Db, datasetId: string): Promise<{ stored: unknown; live: boolean }> {
  const row = await db.dataset.findUnique({ where: { id: datasetId }, select: { applicableCounts: true, sourceFormat: true } });
  if (!row) throw notFound('Dataset', datasetId);
  return { stored: row.applicableCounts, live: row.sourceFormat === 'otlp' };
}

/** Stores a live dataset's counts after a write, inside its transaction (across projects: the writer's own live dataset). */
export async function storeApplicableCounts(tx: Tx, datasetId: string, counts: Record<string, unknown>): Promise<void> {
  await tx.dataset.updateMany({ where: { id: datasetId }, data: { applicableCounts: counts as Prisma.InputJsonObject } });
}

/** Stores the counts of a fixed dataset stored before they existed, counted from its conversations (a back-fill; across projects: the run's dataset). */
export async function backFillApplicableCounts(db: Db, datasetId: string, counts: Record<string, unknown>): Promise<void> {
  await db.dataset.updateMany({ where: { id: datasetId }, data: { applicableCounts: counts as Prisma.InputJsonObject } });
}

/**
 * Inside a live dataset's write transaction, first: holds the dataset's row until it commits (so
 * two writers update its counts one after the other) and reads its stored counts and the
 * conversations about to be written again, whose share of the counts goes. Across projects: the
 * writer's own live dataset.
 */
export async function holdLiveConversations(tx: Tx, datasetId: string, externalIds: string[]): Promise<{ stored: unknown; previous: Conversation[] }> {
  const { applicableCounts } = await tx.dataset.update({ where: { id: datasetId }, data: { updatedAt: new Date() }, select: { applicableCounts: true } });
  const previous: Conversation[] = [];
  for (let i = 0; i < externalIds.length; i += 500) {
    const rows = await tx.conversation.findMany({ where: { datasetId, externalId: { in: externalIds.slice(i, i + 500) } }, select: conversationSelect });
    for (const row of rows) previous.push(conversationFromRow(row));
  }
  return { stored: applicableCounts, previous };
}
