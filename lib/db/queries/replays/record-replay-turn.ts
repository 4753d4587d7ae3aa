import { Prisma } from '../../generated/sqlite/client';
import type { Db } from '../../db-types';

/** One extra generation of a turn (samples > 1), stored apart from it: its reply, or why there is none. */
export interface ReplaySampleOutcome {
  /** 2, 3, …: the turn itself is sample 1. */
  sample: number;
  content?: string;
  error?: string;
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
}

export interface ReplayTurnOutcome {
  content?: string;
  retrievalContext?: string[];
  toolsCalled?: unknown[];
  state?: unknown;
  nextFits?: boolean;
  fitReason?: string;
  error?: string;
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
  targetCalls: number;
  judgeCalls: number;
  /** The turn's extra generations, stored with it and only if it is stored; their tokens, cost and calls are in the totals above. */
  samples?: ReplaySampleOutcome[];
}

const jsonOrNull = (value: unknown) => (value === undefined || value === null ? Prisma.DbNull : (value as Prisma.InputJsonValue));

/**
 * Stores turns' outcomes and counts them on the replay, in one transaction: a turn is stored
 * only if it is still pending (never counted twice), and an errored one carries its message and
 * nothing half made. A turn's extra samples are stored with it, in the same transaction. Returns
 * how many were stored.
 */
// across projects: a worker's own replay, handed to it by the queue.
export async function recordReplayTurns(db: Db, replayId: string, outcomes: readonly { position: number; turnIndex: number; outcome: ReplayTurnOutcome }[]): Promise<number> {
  if (outcomes.length === 0) return 0;
  const plain = outcomes.filter(({ outcome }) => isPlainReply(outcome));
  const rest = outcomes.filter(({ outcome }) => !isPlainReply(outcome));
  return db.$transaction(
    async (tx) => {
      const sum = { doneItems: 0, errorItems: 0, offScript: 0, targetCalls: 0, judgeCalls: 0, promptTokens: 0, completionTokens: 0, costUsd: 0 };
      let storedCount = 0;
      for (let i = 0; i < plain.length; i += PLAIN_ROWS) {
        const batch = plain.slice(i, i + PLAIN_ROWS);
        const stored = await tx.$queryRaw<{ position: number; turnIndex: number }[]>(plainUpdate(replayId, batch, new Date()));
        const byKey = new Map(batch.map((b) => [`${b.position}:${b.turnIndex}`, b.outcome]));
        for (const row of stored) {
          const outcome = byKey.get(`${Number(row.position)}:${Number(row.turnIndex)}`)!;
          storedCount++;
          sum.doneItems++;
          sum.targetCalls += outcome.targetCalls;
          sum.judgeCalls += outcome.judgeCalls;
          sum.promptTokens += outcome.promptTokens;
          sum.completionTokens += outcome.completionTokens;
          sum.costUsd += outcome.costUsd;
        }
      }
      for (const { position, turnIndex, outcome } of rest) {
        const failed = outcome.error !== undefined;
        const stored = await tx.replayTurn.updateMany({
          where: { replayId, position, turnIndex, status: 'pending' },
          data: failed
            ? { status: 'error', error: outcome.error, content: null, retrievalContext: Prisma.DbNull, toolsCalled: Prisma.DbNull, state: Prisma.DbNull, attempts: { increment: 1 } }
            : {
                // A pending turn has no error, context, tools, state or fit yet (a retry clears them):
                // only what the outcome has is written, a smaller statement per turn.
                status: 'done',
                content: outcome.content,
                ...(outcome.retrievalContext == null ? {} : { retrievalContext: jsonOrNull(outcome.retrievalContext) }),
                ...(outcome.toolsCalled == null ? {} : { toolsCalled: jsonOrNull(outcome.toolsCalled) }),
                ...(outcome.state == null ? {} : { state: jsonOrNull(outcome.state) }),
                ...(outcome.nextFits == null ? {} : { nextFits: outcome.nextFits }),
                ...(outcome.fitReason == null ? {} : { fitReason: outcome.fitReason }),
                attempts: { increment: 1 },
                promptTokens: outcome.promptTokens,
                completionTokens: outcome.completionTokens,
                costUsd: outcome.costUsd,
              },
        });
        if (stored.count !== 1) continue;
        if (!failed && outcome.samples?.length) {
          // A turn generated again (a retry) replaces its samples.
          await tx.replaySample.deleteMany({ where: { replayId, position, turnIndex } });
          await tx.replaySample.createMany({
            data: outcome.samples.map((s) => ({ replayId, position, turnIndex, sample: s.sample, content: s.content ?? null, error: s.error ?? null, promptTokens: s.promptTokens, completionTokens: s.completionTokens, costUsd: s.costUsd })),
          });
        }
        storedCount++;
        if (failed) sum.errorItems++;
        else sum.doneItems++;
        if (outcome.nextFits === false) sum.offScript++;
        sum.targetCalls += outcome.targetCalls;
        sum.judgeCalls += outcome.judgeCalls;
        sum.promptTokens += outcome.promptTokens;
        sum.completionTokens += outcome.completionTokens;
        sum.costUsd += outcome.costUsd;
      }
      if (storedCount > 0) {
        await tx.replay.update({
          where: { id: replayId },
          data: Object.fromEntries(Object.entries(sum).map(([key, value]) => [key, { increment: value }])),
        });
      }
      return storedCount;
    },
    { timeout: 60_000 },
  );
}

/** A reply with content only (what a model target answers, teacher-forced): stored many to a statement. */
const isPlainReply = (o: ReplayTurnOutcome): boolean =>
  o.error === undefined && o.content !== undefined && o.retrievalContext == null && o.toolsCalled == null && o.state == null && o.nextFits == null && o.fitReason == null && !o.samples?.length;

const PLAIN_ROWS = 100;

/**
 * One UPDATE for a batch of plain replies, still pending ones only, returning those it stored: a
 * statement per turn (each compiled and run on its own) was the replay's largest cost per target
 * call after the request itself. VALUES columns are column1… on SQLite and PostgreSQL alike.
 */
function plainUpdate(replayId: string, batch: readonly { position: number; turnIndex: number; outcome: ReplayTurnOutcome }[], now: Date): Prisma.Sql {
  const rows = batch.map(
    ({ position, turnIndex, outcome }) =>
      Prisma.sql`(CAST(${position} AS INTEGER), CAST(${turnIndex} AS INTEGER), CAST(${outcome.content} AS TEXT), CAST(${outcome.promptTokens} AS INTEGER), CAST(${outcome.completionTokens} AS INTEGER), CAST(${outcome.costUsd} AS DOUBLE PRECISION))`,
  );
  return Prisma.sql`UPDATE "ReplayTurn" SET "status" = 'done', "error" = NULL, "content" = v.column3, "attempts" = "attempts" + 1,
    "promptTokens" = v.column4, "completionTokens" = v.column5, "costUsd" = v.column6, "updatedAt" = ${now}
    FROM (VALUES ${Prisma.join(rows)}) AS v
    WHERE "ReplayTurn"."replayId" = ${replayId} AND "ReplayTurn"."position" = v.column1 AND "ReplayTurn"."turnIndex" = v.column2 AND "ReplayTurn"."status" = 'pending'
    RETURNING "ReplayTurn"."position", "ReplayTurn"."turnIndex"`;
}

/** One turn's outcome (recordReplayTurns for one). False when it had been stored already. */
// across projects: a worker's own replay, handed to it by the queue.
export async function recordReplayTurn(db: Db, replayId: string, turn: { position: number; turnIndex: number }, outcome: ReplayTurnOutcome): Promise<boolean> {
  return (await recordReplayTurns(db, replayId, [{ ...turn, outcome }])) === 1;
}
