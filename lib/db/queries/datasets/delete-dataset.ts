import { AppError } from '../../../errors';
import type { Db } from '../../db-types';
import { notFound } from '../../not-found';

/**
 * Deletes a dataset of a project with its conversations, runs and results (cascades). `expectedRuns` is the run
 * count the user confirmed; if runs were added since, nothing is deleted and CONFLICT says how many.
 */
export async function deleteDataset(db: Db, projectId: string, id: string, expectedRuns: number): Promise<{ id: string; runs: number }> {
  return db.$transaction(async (tx) => {
    const dataset = await tx.dataset.findUnique({ where: { id, projectId }, select: { _count: { select: { runs: true } } } });
    if (!dataset) throw notFound('Dataset', id);
    const runs = dataset._count.runs;
    if (runs !== expectedRuns) {
      throw new AppError('CONFLICT', `This dataset now has ${runs} ${runs === 1 ? 'run' : 'runs'}; confirm again to delete them with it.`, {
        runs,
      });
    }
    await tx.dataset.delete({ where: { id, projectId } });
    return { id, runs };
  }, { timeout: 5 * 60_000, maxWait: 60_000 });
}
