import 'server-only';
import { getDb } from '../../db/client';
import { listRunErrors } from '../../db/queries/runs/list-run-errors';

/** The progress panel's error list: the first `shown` errors of a run that has any. */
export const loadRunErrors = async (run: { id: string; errorItems: number }, shown: number) =>
  run.errorItems > 0 ? listRunErrors(getDb(), run.id, shown) : [];
