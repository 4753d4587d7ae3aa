import { Prisma } from '../../generated/sqlite/client';
import type { Db } from '../db-types';

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
}

const jsonOrNull = (value: unknown) => (value === undefined || value === null ? Prisma.DbNull : (value as Prisma.InputJsonValue));

/**
 * Stores turns' outcomes and counts them on the replay, in one transaction: a turn is stored
 * only if it is still pending (never counted twice), and an errored one carries its message and
 * nothing half made. Returns how many were stored.
 */
export async function recordReplayTurns(db: Db, replayId: string, outcomes: readonly { position: number; turnIndex: number; outcome: ReplayTurnOutcome }[]): Promise<number> {
  if (outcomes.length === 0) return 0;
  return db.$transaction(
    async (tx) => {
      const sum = { doneItems: 0, errorItems: 0, offScript: 0, targetCalls: 0, judgeCalls: 0, promptTokens: 0, completionTokens: 0, costUsd: 0 };
      let storedCount = 0;
      for (const { position, turnIndex, outcome } of outcomes) {
        const failed = outcome.error !== undefined;
        const stored = await tx.replayTurn.updateMany({
          where: { replayId, position, turnIndex, status: 'pending' },
          data: failed
            ? { status: 'error', error: outcome.error, content: null, retrievalContext: Prisma.DbNull, toolsCalled: Prisma.DbNull, state: Prisma.DbNull, attempts: { increment: 1 } }
            : {
                status: 'done',
                error: null,
                content: outcome.content,
                retrievalContext: jsonOrNull(outcome.retrievalContext),
                toolsCalled: jsonOrNull(outcome.toolsCalled),
                state: jsonOrNull(outcome.state),
                nextFits: outcome.nextFits ?? null,
                fitReason: outcome.fitReason ?? null,
                attempts: { increment: 1 },
                promptTokens: outcome.promptTokens,
                completionTokens: outcome.completionTokens,
                costUsd: outcome.costUsd,
              },
        });
        if (stored.count !== 1) continue;
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

/** One turn's outcome (recordReplayTurns for one). False when it had been stored already. */
export async function recordReplayTurn(db: Db, replayId: string, turn: { position: number; turnIndex: number }, outcome: ReplayTurnOutcome): Promise<boolean> {
  return (await recordReplayTurns(db, replayId, [{ ...turn, outcome }])) === 1;
}
