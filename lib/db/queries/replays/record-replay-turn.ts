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
 * Stores one turn's outcome and counts it on the replay, in one transaction: the turn is
 * stored only if it was still pending (a turn is never counted twice), and an errored one
 * carries its message and nothing half made. False when it had been stored already.
 */
export async function recordReplayTurn(db: Db, replayId: string, turn: { position: number; turnIndex: number }, outcome: ReplayTurnOutcome): Promise<boolean> {
  const failed = outcome.error !== undefined;
  return db.$transaction(async (tx) => {
    const stored = await tx.replayTurn.updateMany({
      where: { replayId, position: turn.position, turnIndex: turn.turnIndex, status: 'pending' },
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
    if (stored.count !== 1) return false;
    await tx.replay.update({
      where: { id: replayId },
      data: {
        ...(failed ? { errorItems: { increment: 1 } } : { doneItems: { increment: 1 } }),
        ...(outcome.nextFits === false ? { offScript: { increment: 1 } } : {}),
        targetCalls: { increment: outcome.targetCalls },
        judgeCalls: { increment: outcome.judgeCalls },
        promptTokens: { increment: outcome.promptTokens },
        completionTokens: { increment: outcome.completionTokens },
        costUsd: { increment: outcome.costUsd },
      },
    });
    return true;
  });
}
