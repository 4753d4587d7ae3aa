import type { Db } from '../../db-types';

export interface DatasetListItem {
  id: string;
  name: string;
  modelVersion: string | null;
  /** The file format it came from; 'otlp' for a live dataset fed over OpenTelemetry. */
  sourceFormat: string;
  /** For a dataset of an online rule's scored conversations: the rule. */
  onlineRuleId: string | null;
  conversationCount: number;
  turnCount: number;
  createdAt: Date;
  runCount: number;
  lastRun: { id: string; status: string; createdAt: Date; summary: unknown } | null;
}

/** A project's datasets, newest first (the datasets page). */
export async function listDatasets(db: Db, projectId: string): Promise<DatasetListItem[]> {
  const rows = await db.dataset.findMany({
    where: { projectId, importing: false },
    orderBy: { createdAt: 'desc' },
    select: {
      id: true,
      name: true,
      modelVersion: true,
      sourceFormat: true,
      onlineRuleId: true,
      conversationCount: true,
      turnCount: true,
      createdAt: true,
      _count: { select: { runs: true } },
      runs: { orderBy: { createdAt: 'desc' }, take: 1, select: { id: true, status: true, createdAt: true, summary: true } },
    },
  });
  return rows.map(({ _count, runs, ...d }) => ({ ...d, runCount: _count.runs, lastRun: runs[0] ?? null }));
}
