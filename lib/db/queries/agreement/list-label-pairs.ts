import type { Db } from '../db-types';
import { notFound } from '../not-found';

export interface LabelPairRow {
  metric: string;
  conversationId: string;
  turnIndex: number;
  judge: 'yes' | 'no';
  human: 'yes' | 'no';
}

const CHUNK = 500;
const verdictOf = (v: unknown): 'yes' | 'no' | null => (v === 'yes' || v === 'no' ? v : null);

/**
 * The run's per-turn verdicts on turns that people labelled for the same metric (labels from the
 * dataset file). Turns the judge did not judge, or judged "idk", are left out.
 */
export async function listLabelPairs(db: Db, runId: string): Promise<LabelPairRow[]> {
  const run = await db.run.findUnique({ where: { id: runId }, select: { datasetId: true } });
  if (!run) throw notFound('Run', runId);
  // Only labelled turns are read: a dataset may have many turns and few labels.
  const labelled = await db.$queryRaw<{ conversationId: string; index: number; labels: unknown }[]>`
    SELECT "t"."conversationId", "t"."index", "t"."labels" FROM "Turn" AS "t"
    JOIN "Conversation" AS "c" ON "c"."id" = "t"."conversationId"
    WHERE "c"."datasetId" = ${run.datasetId} AND "t"."labels" IS NOT NULL`;
  const human = new Map<string, Record<string, unknown>>();
  for (const row of labelled) {
    const labels = typeof row.labels === 'string' ? (JSON.parse(row.labels) as unknown) : row.labels;
    if (labels && typeof labels === 'object') human.set(`${row.conversationId}:${Number(row.index)}`, labels as Record<string, unknown>);
  }
  const conversations = [...new Set(labelled.map((r) => r.conversationId))];
  const out: LabelPairRow[] = [];
  for (let i = 0; i < conversations.length; i += CHUNK) {
    const verdicts = await db.turnVerdict.findMany({
      where: { runId, conversationId: { in: conversations.slice(i, i + CHUNK) } },
      select: { metric: true, conversationId: true, turnIndex: true, verdict: true },
    });
    for (const v of verdicts) {
      const judge = verdictOf(v.verdict);
      const label = verdictOf(human.get(`${v.conversationId}:${v.turnIndex}`)?.[v.metric]);
      if (judge && label) out.push({ metric: v.metric, conversationId: v.conversationId, turnIndex: v.turnIndex, judge, human: label });
    }
  }
  return out;
}
