import type { Db } from '../../db-types';

/** A window of processing times: [since, before), or everything before `before`. */
export interface Window {
  before: Date;
  since?: Date;
}

const processedIn = (w: Window) => ({ lt: w.before, ...(w.since ? { gte: w.since } : {}) });

/** Received bodies of a project that carried records of `service`, processed in the window. */
export function countServiceBodies(db: Db, projectId: string, service: string, window: Window): Promise<number> {
  return db.otlpBatch.count({ where: { projectId, processedAt: processedIn(window), services: { some: { service } } } });
}

/** Deletes up to `limit` bodies that carried records of `service`, processed before `before`, oldest first; how many went. */
export async function deleteServiceBodies(db: Db, projectId: string, service: string, before: Date, limit: number): Promise<number> {
  const old = await db.otlpBatch.findMany({ where: { projectId, processedAt: { lt: before }, services: { some: { service } } }, orderBy: { processedAt: 'asc' }, take: limit, select: { id: true } });
  if (!old.length) return 0;
  return (await db.otlpBatch.deleteMany({ where: { projectId, id: { in: old.map((b) => b.id) } } })).count;
}

/**
 * Deletes up to `limit` bodies processed before `before` that the server's default applies to:
 * those that carried records of no service, or of a service not in `keptBy` (the services whose
 * live datasets set their own retention of bodies, each in its project). Oldest first; how many went.
 * Across projects: the server's default applies to every project's bodies.
 */
export async function deleteDefaultBodies(db: Db, before: Date, keptBy: { projectId: string; service: string }[], limit: number): Promise<number> {
  const byProjectKept = new Map<string, string[]>();
  for (const k of keptBy) byProjectKept.set(k.projectId, [...(byProjectKept.get(k.projectId) ?? []), k.service]);
  const old = await db.otlpBatch.findMany({
    where: {
      processedAt: { lt: before },
      OR: [
        { services: { none: {} } },
        { projectId: { notIn: [...byProjectKept.keys()] } },
        ...[...byProjectKept].map(([projectId, services]) => ({ projectId, services: { some: { service: { notIn: services } } } })),
      ],
    },
    orderBy: { processedAt: 'asc' },
    take: limit,
    select: { id: true },
  });
  if (!old.length) return 0;
  return (await db.otlpBatch.deleteMany({ where: { id: { in: old.map((b) => b.id) } } })).count;
}
