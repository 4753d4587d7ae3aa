import type { Db } from '../../db-types';
import { readSkippedLines, type SkippedLine } from '../../rows/skipped-lines';

/** A dataset as GET /api/v1/datasets lists it. */
export interface DatasetListEntry {
  id: string;
  name: string;
  modelVersion: string | null;
  format: string;
  fileName: string | null;
  conversations: number;
  turns: number;
  runs: number;
  createdAt: string;
  /** Who uploaded it: null before sign-in existed, for the service key or the local user, or once that user is deleted. */
  createdBy: { id: string; name: string } | null;
  /** Lines of the file left out when it was imported with skipInvalid=true, and why; empty otherwise. */
  skipped: SkippedLine[];
}

/** One page of a project's datasets, newest first, and how many match. */
export async function listApiDatasets(db: Db, projectId: string, filter: { modelVersion?: string }, page: { skip: number; take: number }): Promise<{ items: DatasetListEntry[]; total: number }> {
  const where = { projectId, importing: false, ...(filter.modelVersion ? { modelVersion: filter.modelVersion } : {}) };
  const [rows, total] = await Promise.all([
    db.dataset.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: page.skip,
      take: page.take,
      select: {
        id: true,
        name: true,
        modelVersion: true,
        sourceFormat: true,
        sourceFileName: true,
        conversationCount: true,
        turnCount: true,
        createdAt: true,
        skippedLines: true,
        createdBy: { select: { id: true, name: true } },
        _count: { select: { runs: true } },
      },
    }),
    db.dataset.count({ where }),
  ]);
  const items = rows.map((d) => ({
    id: d.id,
    name: d.name,
    modelVersion: d.modelVersion,
    format: d.sourceFormat,
    fileName: d.sourceFileName,
    conversations: d.conversationCount,
    turns: d.turnCount,
    runs: d._count.runs,
    createdAt: d.createdAt.toISOString(),
    createdBy: d.createdBy,
    skipped: readSkippedLines(d.skippedLines),
  }));
  return { items, total };
}
