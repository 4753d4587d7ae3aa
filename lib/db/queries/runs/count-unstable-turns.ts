import { STABLE_SHARE } from '../../../domain/verdict';
import type { Db } from '../../db-types';

/** Per-turn verdicts of a run that fewer than 80% of the judge's samples gave (0 for a run of one sample). */
export const countUnstableTurns = (db: Db, runId: string): Promise<number> => db.turnVerdict.count({ where: { runId, voteShare: { lt: STABLE_SHARE } } });
