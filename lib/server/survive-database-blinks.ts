import { isPassingDbError } from '../db/passing-error';
import { describePassing } from '../db/retry-passing';

/**
 * The worker process's last line of defence: a database failure that reached no handler (a
 * library's statement nobody awaited, such as pg-boss 10's job completion) is written to the log
 * and the process carries on; the work it belonged to is waited out or handed back where it
 * runs. Any other unhandled rejection ends the process as Node does by default.
 */
export function surviveDatabaseBlinks(log: (line: string) => void): void {
  process.on('unhandledRejection', (reason) => {
    if (isPassingDbError(reason)) {
      log(`a database call outside any job failed: ${describePassing(reason)}; the worker carries on`);
      return;
    }
    console.error(reason);
    process.exit(1);
  });
}
