import type { Db } from '../../db-types';

/*
 * What a run's score vector is built from: its dataset's conversations in position order and
 * the run's results. Each comes back packed into a few strings by the database (string_agg,
 * which SQLite ≥ 3.44 and PostgreSQL both have) instead of one row per result: a 100,000 ×
 * 4 run is 400,000 rows, which took 7 s through findMany and takes 0.3 s this way. The result
 * query is answered from the Result(runId, metric, success, score, conversationId) index alone.
 * A result without a score is an errored one (saveResult stores no score with an error).
 */

/** Keys can hold any character: the two the packing uses are escaped. */
const unescapeKey = (s: string) => s.replace(/%2C/g, ',').replace(/%20/g, ' ').replace(/%25/g, '%');

export interface VectorConversation {
  id: string;
  matchKey: string;
}

export interface VectorResult {
  conversationId: string;
  metric: string;
  score: number | null;
  success: boolean;
  errored: boolean;
}

export async function listRunVectorSource(
  db: Db,
  run: { id: string; datasetId: string },
): Promise<{ conversations: VectorConversation[]; results: VectorResult[] }> {
  const [conversationRows, resultRows] = await Promise.all([
    db.$queryRaw<{ packed: string | null }[]>`
      SELECT string_agg(c."id" || ' ' || replace(replace(replace(c."matchKey", '%', '%25'), ',', '%2C'), ' ', '%20'), ',' ORDER BY c."position") AS packed
      FROM "Conversation" c WHERE c."datasetId" = ${run.datasetId}`,
    db.$queryRaw<{ metric: string; packed: string | null }[]>`
      SELECT r."metric" AS metric,
             string_agg(r."conversationId" || ' ' || (CASE WHEN r."score" IS NULL THEN 'e'
                                                           WHEN r."success" THEN 'p' || CAST(r."score" AS TEXT)
                                                           ELSE 'f' || CAST(r."score" AS TEXT) END), ',') AS packed
      FROM "Result" r WHERE r."runId" = ${run.id} GROUP BY r."metric"`,
  ]);
  const conversations: VectorConversation[] = [];
  const packedConversations = conversationRows[0]?.packed;
  if (packedConversations) {
    for (const entry of packedConversations.split(',')) {
      const space = entry.indexOf(' ');
      conversations.push({ id: entry.slice(0, space), matchKey: unescapeKey(entry.slice(space + 1)) });
    }
  }
  const results: VectorResult[] = [];
  for (const { metric, packed } of resultRows) {
    if (!packed) continue;
    for (const entry of packed.split(',')) {
      const space = entry.lastIndexOf(' ');
      const code = entry.charCodeAt(space + 1);
      const errored = code === 101; // 'e'
      results.push({
        conversationId: entry.slice(0, space),
        metric,
        score: errored ? null : Number(entry.slice(space + 2)),
        success: code === 112, // 'p'
        errored,
      });
    }
  }
  return { conversations, results };
}
