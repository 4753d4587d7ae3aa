import { randomBytes } from 'node:crypto';
import os from 'node:os';

/** "<host>:<pid>:<random>": enough for another worker on this host to tell whether this one's process is gone. */
export function newWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/**
 * Whether the process behind a worker id on this host no longer exists (killed, crashed).
 * Workers on other hosts, and other workers of this process, are never judged gone: their
 * lease decides.
 */
export function isWorkerGone(workerId: string): boolean {
  const match = /^(.*):(\d+):[0-9a-f]+$/.exec(workerId);
  if (!match || match[1] !== os.hostname()) return false;
  const pid = Number(match[2]);
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
