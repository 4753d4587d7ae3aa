import type { Db } from '../../db-types';

export interface FirstFailureRow {
  metric: string;
  /** 0-based index of the conversation's first turn with a "no" verdict. */
  first: number;
  turnCount: number;
  conversations: number;
}

export interface FirstFailures {
  rows: FirstFailureRow[];
  /** Per metric: conversations with at least one per-turn verdict (those that can fail at a turn). */
  judged: Record<string, number>;
}

const n = (v: number | bigint) => Number(v);

/**
 * Where each conversation first fails, per metric, counted by (first failing turn, length) in
 * SQL: the page gets a few hundred rows however many conversations the run has.
 */
export async function listFirstFailures(db: Db, runId: string): Promise<FirstFailures> {
  const [rows, judged] = await Promise.all([
    db.$queryRaw<{ metric: string; first: number | bigint; turnCount: number | bigint; n: number | bigint }[]>`
      SELECT "f"."metric", "f"."first", "c"."turnCount", COUNT(*) AS "n"
      FROM (
        SELECT "metric", "conversationId", MIN("turnIndex") AS "first"
        FROM "TurnVerdict" WHERE "runId" = ${runId} AND "verdict" = 'no'
        GROUP BY "metric", "conversationId"
      ) AS "f"
      JOIN "Conversation" AS "c" ON "c"."id" = "f"."conversationId"
      GROUP BY "f"."metric", "f"."first", "c"."turnCount"`,
    db.$queryRaw<{ metric: string; n: number | bigint }[]>`
      SELECT "metric", COUNT(DISTINCT "conversationId") AS "n" FROM "TurnVerdict" WHERE "runId" = ${runId} GROUP BY "metric"`,
  ]);
  return {
    rows: rows.map((r) => ({ metric: r.metric, first: n(r.first), turnCount: n(r.turnCount), conversations: n(r.n) })),
    judged: Object.fromEntries(judged.map((j) => [j.metric, n(j.n)])),
  };
}
