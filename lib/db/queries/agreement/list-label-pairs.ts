import type { Db } from '../../db-types';
import { listDatasetLabels } from '../labels/turn-labels';
import { notFound } from '../../not-found';

/** Who gave a label: a reviewer's email, or the dataset file. */
export const FILE_REVIEWER = 'dataset file';

export interface LabelledVerdict {
  metric: string;
  conversationId: string;
  turnIndex: number;
  judge: 'yes' | 'no';
  /** People's labels on the turn for the metric, one per reviewer. */
  labels: { reviewer: string; verdict: 'yes' | 'no' }[];
}

const CHUNK = 500;
const verdictOf = (v: unknown): 'yes' | 'no' | null => (v === 'yes' || v === 'no' ? v : null);

/**
 * The run's per-turn verdicts on turns that people labelled for the same metric: labels from the
 * dataset file, from reviewers, and `extra` ones (reviews of the same content in other datasets). Turns the judge did not judge, or judged "idk", are left out.
 */
export interface ExtraLabel {
  conversationId: string;
  turnIndex: number;
  metric: string;
  reviewer: string;
  verdict: string;
}

export async function listLabelledVerdicts(
  db: Db,
  projectId: string,
  runId: string,
  /** Read while the run's own labels are: the run page waits for all of them. */
  extraLabels: readonly ExtraLabel[] | Promise<readonly ExtraLabel[]> = [],
  /** The run's dataset, when the caller has read it already. */
  knownDatasetId?: string,
): Promise<LabelledVerdict[]> {
  const run = knownDatasetId ? { datasetId: knownDatasetId } : await db.run.findUnique({ where: { id: runId, projectId }, select: { datasetId: true } });
  if (!run) throw notFound('Run', runId);
  const human = new Map<string, { metric: string; reviewer: string; verdict: 'yes' | 'no' }[]>();
  const add = (conversationId: string, turnIndex: number, metric: string, reviewer: string, value: unknown) => {
    const verdict = verdictOf(value);
    if (!verdict) return;
    const key = `${conversationId}:${turnIndex}`;
    const labels = human.get(key) ?? [];
    // One label per reviewer, turn and metric (the same content may have been labelled in two datasets).
    if (!labels.some((l) => l.metric === metric && l.reviewer === reviewer)) human.set(key, [...labels, { metric, reviewer, verdict }]);
  };
  // Only labelled turns are read, through a partial index of them (lib/db/indexes-outside-migrations.ts):
  // a dataset may have many turns and few labels.
  const [fromFile, reviewed, extra] = await Promise.all([
    db.$queryRaw<{ conversationId: string; index: number; labels: unknown }[]>`
      SELECT "t"."conversationId", "t"."index", "t"."labels" FROM "Turn" AS "t"
      JOIN "Conversation" AS "c" ON "c"."id" = "t"."conversationId"
      WHERE "c"."datasetId" = ${run.datasetId} AND "t"."labels" IS NOT NULL`,
    listDatasetLabels(db, run.datasetId),
    extraLabels,
  ]);
  for (const row of fromFile) {
    const labels = typeof row.labels === 'string' ? (JSON.parse(row.labels) as unknown) : row.labels;
    if (labels && typeof labels === 'object') for (const [metric, value] of Object.entries(labels)) add(row.conversationId, Number(row.index), metric, FILE_REVIEWER, value);
  }
  for (const l of reviewed) add(l.conversationId, l.turnIndex, l.metric, l.reviewerEmail, l.verdict);
  for (const l of extra) add(l.conversationId, l.turnIndex, l.metric, l.reviewer, l.verdict);

  const conversations = [...new Set([...human.keys()].map((k) => k.slice(0, k.lastIndexOf(':'))))];
  const out: LabelledVerdict[] = [];
  for (let i = 0; i < conversations.length; i += CHUNK) {
    const verdicts = await db.turnVerdict.findMany({
      where: { runId, conversationId: { in: conversations.slice(i, i + CHUNK) } },
      select: { metric: true, conversationId: true, turnIndex: true, verdict: true },
    });
    for (const v of verdicts) {
      const judge = verdictOf(v.verdict);
      const labels = (human.get(`${v.conversationId}:${v.turnIndex}`) ?? []).filter((l) => l.metric === v.metric).map(({ reviewer, verdict }) => ({ reviewer, verdict }));
      if (judge && labels.length) out.push({ metric: v.metric, conversationId: v.conversationId, turnIndex: v.turnIndex, judge, labels });
    }
  }
  return out;
}
