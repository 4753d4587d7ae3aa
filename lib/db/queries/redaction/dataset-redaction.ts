import type { Prisma } from '../../generated/sqlite/client';
import type { Db } from '../../db-types';
import { AppError } from '../../../errors';

/** A project's dataset's redaction setting as stored (JSON, read by lib/redaction), with what it is. */
export async function getDatasetRedaction(db: Db, projectId: string, datasetId: string): Promise<{ id: string; name: string; sourceFormat: string; piiRedaction: unknown }> {
  const found = await db.dataset.findUnique({ where: { id: datasetId, projectId }, select: { id: true, name: true, sourceFormat: true, piiRedaction: true } });
  if (!found) throw new AppError('NOT_FOUND', 'No such dataset');
  return found;
}

/** Stores a dataset's setting (off is `{ kinds: [], patterns: [] }`: a JSON null would need each provider's own DbNull). */
export async function setDatasetRedaction(db: Db, projectId: string, datasetId: string, value: Record<string, unknown>): Promise<void> {
  await db.dataset.update({ where: { id: datasetId, projectId }, data: { piiRedaction: value as Prisma.InputJsonObject } });
}

/** A project's live datasets' stored redaction settings by service (a service with no live dataset yet is absent). */
export async function listLiveRedaction(db: Db, projectId: string, services: string[]): Promise<Map<string, unknown>> {
  if (!services.length) return new Map();
  const live = await db.liveDataset.findMany({ where: { projectId, service: { in: services } }, select: { service: true, datasetId: true } });
  if (!live.length) return new Map();
  const datasets = await db.dataset.findMany({ where: { projectId, id: { in: live.map((l) => l.datasetId) } }, select: { id: true, piiRedaction: true } });
  const byId = new Map(datasets.map((d) => [d.id, d.piiRedaction]));
  return new Map(live.map((l) => [l.service, byId.get(l.datasetId) ?? null]));
}
