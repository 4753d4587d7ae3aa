import type { Db } from '../../lib/db/db-types';
import { createRun } from '../../lib/db/queries/runs/create-run';
import { finishRun } from '../../lib/runs/lifecycle';

/*
 * A completed run written straight into PostgreSQL with INSERT … SELECT over the dataset's
 * conversations: no judge, no metric code (scoring a million conversations here would take days
 * of CPU; what the workers sustain is measured on its own). Each result's score follows from
 * its per-turn verdicts (a verdict on each assistant turn, the "no"s first), success from the
 * threshold; the run is then closed by finishRun, as a worker closes it (summary, score stats).
 */

const CONVERSATIONS_PER_STATEMENT = 50_000;

export async function writeSyntheticRun(
  db: Db,
  options: { projectId: string; datasetId: string; conversations: number; metrics: readonly string[]; modelVersion: string; failShare: number },
): Promise<string> {
  const { id: runId } = await createRun(db, {
    projectId: options.projectId,
    datasetId: options.datasetId,
    modelVersion: options.modelVersion,
    judgeKind: 'offline',
    judgeModel: 'offline',
    metricSettings: Object.fromEntries(options.metrics.map((m) => [m, {}])),
    concurrency: 8,
    totalItems: options.conversations * options.metrics.length,
    status: 'running',
  });
  for (let from = 0; from < options.conversations; from += CONVERSATIONS_PER_STATEMENT) {
    const to = from + CONVERSATIONS_PER_STATEMENT;
    // "no" verdicts per result: none for most, more for a share of them (failShare sets how many).
    await db.$executeRawUnsafe(
      `INSERT INTO "Result" ("id", "runId", "conversationId", "metric", "score", "success", "threshold", "reason", "judgeCalls", "promptTokens", "completionTokens")
       SELECT gen_random_uuid()::text, $1, c."id", m.metric, (5 - k.no) / 5.0, (5 - k.no) / 5.0 >= 0.5, 0.5, 'Synthetic result: ' || k.no || ' of 5 turns failed.', 6, 2400, 300
         FROM "Conversation" c
         CROSS JOIN unnest($2::text[]) AS m(metric)
         CROSS JOIN LATERAL (SELECT CASE WHEN r < 1 - $3::float8 THEN 0 WHEN r < 1 - $3::float8 / 2 THEN 1 WHEN r < 1 - $3::float8 / 4 THEN 2 ELSE 3 + floor(random() * 3)::int END AS no
                               FROM (SELECT random() + 0 * c."position" + 0 * length(m.metric) AS r) AS x) AS k
        WHERE c."datasetId" = $4 AND c."position" >= $5 AND c."position" < $6`,
      runId,
      options.metrics,
      options.failShare,
      options.datasetId,
      from,
      to,
    );
    await db.$executeRawUnsafe(
      `INSERT INTO "TurnVerdict" ("id", "resultId", "runId", "conversationId", "metric", "turnIndex", "verdict", "score", "reason")
       SELECT gen_random_uuid()::text, r."id", r."runId", r."conversationId", r."metric", 2 * t.i + 1,
              CASE WHEN t.i < round((1 - r."score") * 5) THEN 'no' ELSE 'yes' END, NULL,
              CASE WHEN t.i < round((1 - r."score") * 5) THEN 'The reply contradicts its context.' ELSE 'The reply follows its context.' END
         FROM "Result" r JOIN "Conversation" c ON c."id" = r."conversationId"
         CROSS JOIN generate_series(0, 4) AS t(i)
        WHERE r."runId" = $1 AND c."position" >= $2 AND c."position" < $3`,
      runId,
      from,
      to,
    );
  }
  const done = options.conversations * options.metrics.length;
  await db.run.update({ where: { id: runId }, data: { doneItems: done, judgeCalls: done * 6, promptTokens: done * 2400, completionTokens: done * 300 } });
  const closed = await finishRun(db, runId, { status: ['running'] });
  if (closed.status !== 'completed') throw new Error(`the synthetic run closed ${closed.status}`);
  return runId;
}
