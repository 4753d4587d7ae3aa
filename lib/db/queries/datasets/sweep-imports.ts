import type { Db } from '../../db-types';
import { IMPORT_HEARTBEAT_MS, sweepAbandonedImports } from './purge-dataset';

const globalForSweep = globalThis as unknown as { turnwiseImportSweep?: NodeJS.Timeout };

/** Sweeps now and then every few heartbeats, once per process; the timer never keeps the process alive. */
export function sweepAbandonedImportsEvery(db: Db, log: (message: string) => void): void {
  if (globalForSweep.turnwiseImportSweep) return;
  const sweep = () =>
    sweepAbandonedImports(db)
      .then((n) => n > 0 && log(`removed ${n} ${n === 1 ? 'import' : 'imports'} whose server stopped before it finished`))
      .catch((error: Error) => log(`the sweep of abandoned imports failed: ${error.message}`));
  void sweep();
  globalForSweep.turnwiseImportSweep = setInterval(sweep, 5 * IMPORT_HEARTBEAT_MS);
  globalForSweep.turnwiseImportSweep.unref();
}
