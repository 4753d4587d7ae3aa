import type { Db } from '../../db-types';

export interface StagedCase {
  kind: 'conversational' | 'single';
  position: number;
  body: object;
  /** sha256 of the conversation it becomes. */
  hash: string;
  /** Its results' metrics, as the run's settings need them. */
  metrics: object[];
}

/** Cases written per transaction: SQLite's one writer is held that long, and the pages wait behind it. */
const CASES_PER_TRANSACTION = 200;

/**
 * Holds cases of a run import until all have arrived: a case whose place (kind and position) is
 * held already (a request sent again) is left as it was. Writes in short transactions, then
 * counts the cases held; returns that count and how many of these were new.
 */
// across projects: an import its request found in its project.
export async function addRunImportCases(db: Db, importId: string, cases: StagedCase[]): Promise<{ added: number; received: number }> {
  let added = 0;
  for (const kind of ['conversational', 'single'] as const) {
    const ofKind = cases.filter((c) => c.kind === kind);
    for (let i = 0; i < ofKind.length; i += CASES_PER_TRANSACTION) {
      const piece = ofKind.slice(i, i + CASES_PER_TRANSACTION);
      added += await db.$transaction(async (tx) => {
        const held = await tx.runImportCase.findMany({ where: { importId, kind, position: { in: piece.map((c) => c.position) } }, select: { position: true } });
        const taken = new Set(held.map((h) => h.position));
        const fresh: StagedCase[] = [];
        for (const c of piece) {
          if (taken.has(c.position)) continue;
          taken.add(c.position);
          fresh.push(c);
        }
        if (fresh.length) await tx.runImportCase.createMany({ data: fresh.map((c) => ({ importId, kind, position: c.position, body: c.body, hash: c.hash, metrics: c.metrics })) });
        return fresh.length;
      });
    }
  }
  const received = await db.runImportCase.count({ where: { importId } });
  await db.runImport.update({ where: { id: importId }, data: { received } });
  return { added, received };
}
