import type { DbOrTx } from '../../db-types';

/** Results stored for a run so far (one per conversation × metric). */
export const countRunResults = (db: DbOrTx, runId: string): Promise<number> => db.result.count({ where: { runId } });
