import { STABLE_SHARE } from '../../../domain/verdict';
import { Prisma } from '../../generated/sqlite/client';
import type { Db } from '../../db-types';
import type { RunTableQuery } from '../../../domain/run-table-query';

export interface ConversationScore {
  score: number | null;
  success: boolean;
  error: string | null;
}

export interface RunConversationScoreRow {
  id: string;
  position: number;
  label: string;
  turnCount: number;
  /** Score of each metric that judged the conversation; a metric that did not is absent. */
  scores: Record<string, ConversationScore>;
}

export interface RunConversationScorePage {
  rows: RunConversationScoreRow[];
  total: number;
  /** Sorted by a metric without a filter: conversations that metric did not judge (not listed). */
  unscored: number;
}

export const conversationLabel = (c: { name: string | null; externalId: string | null; position: number }): string =>
  c.name ?? c.externalId ?? `Conversation #${c.position + 1}`;

const { sql, empty, raw } = Prisma;
const count = (rows: { n: number | bigint }[]) => Number(rows[0]?.n ?? 0);

/** The filter as a condition on a Result row `alias` of the run; null without a filter. */
function filterOn(alias: string, runId: string, query: RunTableQuery): Prisma.Sql | null {
  const a = raw(`"${alias}"`);
  const unstable = query.unstableOnly
    ? sql` AND EXISTS (SELECT 1 FROM "TurnVerdict" AS "tv" WHERE "tv"."resultId" = ${a}."id" AND "tv"."voteShare" < ${STABLE_SHARE})`
    : empty;
  if (!query.metric) {
    if (!query.failedOnly && !query.unstableOnly) return null;
    return sql`${a}."runId" = ${runId}${query.failedOnly ? sql` AND ${a}."success" = false` : empty}${unstable}`;
  }
  return sql`${a}."runId" = ${runId} AND ${a}."metric" = ${query.metric}${query.failedOnly ? sql` AND ${a}."success" = false` : empty}${unstable}${
    query.minScore !== null ? sql` AND ${a}."score" >= ${query.minScore}` : empty
  }${query.maxScore !== null ? sql` AND ${a}."score" <= ${query.maxScore}` : empty}`;
}

/**
 * One page of a run's conversations, one row per conversation with every metric's score.
 * Filters and sorts run on the Result rows (one per conversation × metric) through the
 * (runId, metric, [success,] score, conversationId) indexes, in SQL both SQLite and
 * PostgreSQL read: Prisma writes a metric filter as a correlated EXISTS probed once per
 * conversation (0.6 s on 100,000) and "nulls last" as a CASE that defeats the index (0.9 s).
 * Sorted by a metric, scored rows come first in index order, ties broken by conversation id
 * so that pages are stable, then the errored ones (no score): a gap is never sorted as a zero.
 */
export async function listRunConversationScores(
  db: Db,
  run: { id: string; datasetId: string; conversationCount: number },
  query: RunTableQuery,
  size: number,
  /** The run's stored per-metric counts, when known: the sort metric's scored and errored counts are then not counted again. */
  stats?: { metrics: readonly { metric: string; count: number; errors: number; passed: number }[] },
): Promise<RunConversationScorePage> {
  const skip = (query.page - 1) * size;
  const filter = filterOn('f', run.id, query);
  let ids: string[];
  let total: number;
  let unscored = 0;

  if (!query.sort) {
    if (!filter) {
      const rows = await db.conversation.findMany({
        where: { datasetId: run.datasetId },
        orderBy: { position: 'asc' },
        skip,
        take: size,
        select: { id: true },
      });
      ids = rows.map((r) => r.id);
      total = run.conversationCount;
    } else {
      const [rows, counted] = await Promise.all([
        db.$queryRaw<{ id: string }[]>`SELECT "c"."id" FROM "Conversation" AS "c" WHERE "c"."datasetId" = ${run.datasetId}
          AND "c"."id" IN (SELECT "f"."conversationId" FROM "Result" AS "f" WHERE ${filter})
          ORDER BY "c"."position" ASC LIMIT ${size} OFFSET ${skip}`,
        db.$queryRaw<{ n: number | bigint }[]>`SELECT COUNT(DISTINCT "f"."conversationId") AS "n" FROM "Result" AS "f" WHERE ${filter}`,
      ]);
      ids = rows.map((r) => r.id);
      total = count(counted);
    }
  } else {
    const dir = raw(query.dir === 'desc' ? 'DESC' : 'ASC');
    // Rows of the sort metric, filtered directly when the filter is on that metric.
    const base =
      query.metric === query.sort
        ? (filterOn('r', run.id, query) as Prisma.Sql)
        : sql`"r"."runId" = ${run.id} AND "r"."metric" = ${query.sort}${
            filter ? sql` AND "r"."conversationId" IN (SELECT "f"."conversationId" FROM "Result" AS "f" WHERE ${filter})` : empty
          }`;
    const sortStats = stats?.metrics.find((m) => m.metric === query.sort);
    const countScored = () => db.$queryRaw<{ n: number | bigint }[]>`SELECT COUNT(*) AS "n" FROM "Result" AS "r" WHERE ${base} AND "r"."score" IS NOT NULL`.then(count);
    // Errored results are few: counted through the index whatever the filter.
    const countErrored = () => db.$queryRaw<{ n: number | bigint }[]>`SELECT COUNT(*) AS "n" FROM "Result" AS "r" WHERE ${base} AND "r"."score" IS NULL`.then(count);
    // The failed ones of the sort metric, filtered on nothing else: the stored stats know how many were scored
    // (counting them read a quarter of the metric's results: O(conversations)).
    const failedOfSortOnly = query.metric === query.sort && query.failedOnly && !query.unstableOnly && query.minScore === null && query.maxScore === null;
    const [scored, errored] =
      sortStats && !filter
        ? [sortStats.count - sortStats.errors, sortStats.errors]
        : sortStats && failedOfSortOnly
          ? [sortStats.count - sortStats.errors - sortStats.passed, await countErrored()]
          : await Promise.all([countScored(), countErrored()]);
    const fromScored =
      skip < scored
        ? await db.$queryRaw<{ id: string }[]>`SELECT "r"."conversationId" AS "id" FROM "Result" AS "r" WHERE ${base} AND "r"."score" IS NOT NULL
            ORDER BY "r"."score" ${dir}, "r"."conversationId" ${dir} LIMIT ${size} OFFSET ${skip}`
        : [];
    const rest = size - fromScored.length;
    const fromErrored =
      rest > 0 && errored > 0
        ? await db.$queryRaw<{ id: string }[]>`SELECT "r"."conversationId" AS "id" FROM "Result" AS "r" WHERE ${base} AND "r"."score" IS NULL
            ORDER BY "r"."conversationId" ASC LIMIT ${rest} OFFSET ${Math.max(0, skip - scored)}`
        : [];
    ids = [...fromScored, ...fromErrored].map((r) => r.id);
    total = scored + errored;
    unscored = filter ? 0 : Math.max(0, run.conversationCount - total);
  }

  if (ids.length === 0) return { rows: [], total, unscored };
  const [conversations, results] = await Promise.all([
    db.conversation.findMany({
      where: { id: { in: ids } },
      select: { id: true, position: true, name: true, externalId: true, turnCount: true },
    }),
    db.result.findMany({
      where: { runId: run.id, conversationId: { in: ids } },
      select: { conversationId: true, metric: true, score: true, success: true, error: true },
    }),
  ]);
  const byId = new Map(conversations.map((c) => [c.id, c]));
  const scores = new Map<string, Record<string, ConversationScore>>();
  for (const r of results) {
    const own = scores.get(r.conversationId) ?? {};
    own[r.metric] = { score: r.score, success: r.success, error: r.error };
    scores.set(r.conversationId, own);
  }
  return {
    rows: ids.flatMap((id) => {
      const c = byId.get(id);
      return c ? [{ id, position: c.position, label: conversationLabel(c), turnCount: c.turnCount, scores: scores.get(id) ?? {} }] : [];
    }),
    total,
    unscored,
  };
}
