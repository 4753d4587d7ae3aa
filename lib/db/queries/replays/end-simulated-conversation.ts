import type { Db } from '../../db-types';

/**
 * A simulated conversation ended (goal met or failed) at the exchange stored at `lastTurnIndex`:
 * its pending exchanges after it are dropped and no longer counted in the work to do.
 */
// across projects: a worker's own replay, handed to it by the queue.
export async function endSimulatedConversation(db: Db, replayId: string, position: number, lastTurnIndex: number): Promise<void> {
  await db.$transaction(async (tx) => {
    const { count } = await tx.replayTurn.deleteMany({ where: { replayId, position, turnIndex: { gt: lastTurnIndex }, status: 'pending' } });
    if (count > 0) await tx.replay.update({ where: { id: replayId }, data: { totalItems: { decrement: count } } });
  });
}
