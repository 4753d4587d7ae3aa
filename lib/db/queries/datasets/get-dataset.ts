import type { Db } from '../../db-types';
import { notFound } from '../../not-found';
import { readSkippedLines } from '../../rows/skipped-lines';

/** A dataset of a project (not found when it is another project's, or still importing). */
export async function getDataset(db: Db, projectId: string, id: string) {
  const dataset = await db.dataset.findUnique({
    where: { id, projectId, importing: false },
    select: {
      id: true,
      name: true,
      description: true,
      modelVersion: true,
      sourceFormat: true,
      sourceFileName: true,
      conversationCount: true,
      turnCount: true,
      createdAt: true,
      createdById: true,
      skippedLines: true,
      piiRedaction: true,
      _count: { select: { runs: true } },
      aliasVersions: { select: { alias: true, version: true, source: true, finalized: true }, take: 1 },
    },
  });
  if (!dataset) throw notFound('Dataset', id);
  const { skippedLines, aliasVersions, ...rest } = dataset;
  return { ...rest, skipped: readSkippedLines(skippedLines), aliasVersion: aliasVersions[0] ?? null };
}
