import type { Db } from '../../db-types';

export interface UndecidedTurns {
  /** Turns with at least one verdict the judge could not decide (idk). */
  undecided: number;
  /** Turns with any verdict (a unit the judge failed on is not a verdict). */
  judged: number;
}

/** How many of a run's judged turns carry an "idk" verdict: one count per turn, whatever the metric. */
export async function countUndecidedTurns(db: Db, runId: string): Promise<UndecidedTurns> {
  const rows = await db.$queryRaw<{ undecided: number | bigint | null; judged: number | bigint }[]>`
    SELECT sum(t."undecided") AS "undecided", count(*) AS "judged" FROM (
      SELECT max(CASE WHEN v."verdict" = 'idk' THEN 1 ELSE 0 END) AS "undecided"
      FROM "TurnVerdict" v
      WHERE v."runId" = ${runId} AND v."verdict" IN ('yes', 'no', 'idk')
      GROUP BY v."conversationId", v."turnIndex") t`;
  return { undecided: Number(rows[0]?.undecided ?? 0), judged: Number(rows[0]?.judged ?? 0) };
}
