import os from 'node:os';

/** How far below the web server's CPU priority `npm run worker` runs unless TURNWISE_WORKER_NICE says otherwise. */
export const DEFAULT_WORKER_NICE = 10;

/**
 * Lowers this worker process's CPU priority by TURNWISE_WORKER_NICE (default 10; 0 leaves it):
 * on a machine it shares with the web server, a backlog of spans or a long run then takes the CPU
 * the pages leave instead of the pages waiting behind it; alone on a machine it loses nothing.
 * An unprivileged process may always lower its own priority. Says what it did, or why not.
 */
export function lowerWorkerPriority(env: Record<string, string | undefined>, log: (message: string) => void): void {
  const raw = env.TURNWISE_WORKER_NICE?.trim();
  const nice = raw ? Number(raw) : DEFAULT_WORKER_NICE;
  if (!Number.isInteger(nice) || nice < 0 || nice > 19) {
    log(`TURNWISE_WORKER_NICE must be a whole number from 0 to 19, not "${raw}": the worker keeps its CPU priority`);
    return;
  }
  if (nice === 0) return;
  try {
    const before = os.getPriority();
    os.setPriority(Math.min(19, before + nice));
    log(`worker CPU priority lowered to nice ${os.getPriority()} (TURNWISE_WORKER_NICE=${nice}), below the web server's`);
  } catch (error) {
    log(`the worker's CPU priority could not be lowered: ${(error as Error).message}`);
  }
}
