import fs from 'node:fs';
import { AppError } from '../errors';

function holderIsGone(lockPath: string, staleMs: number): boolean {
  try {
    const pid = Number(fs.readFileSync(lockPath, 'utf8'));
    if (Number.isInteger(pid) && pid > 0) {
      try {
        process.kill(pid, 0);
        return false;
      } catch (error) {
        // EPERM: alive but someone else's.
        return (error as NodeJS.ErrnoException).code === 'ESRCH';
      }
    }
    // No pid yet: the holder is between creating and writing the file, unless it died there.
    return Date.now() - fs.statSync(lockPath).mtimeMs > staleMs;
  } catch {
    return false; // Gone already: the next attempt will tell.
  }
}

/**
 * Runs `fn` while holding `lockPath`, a file created exclusively, so that processes on
 * one machine take turns (SQLite has no advisory locks). A lock whose holder died is taken over.
 */
export async function withFileLock<T>(
  lockPath: string,
  fn: () => Promise<T>,
  options: { timeoutMs?: number; staleMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  let fd: number | undefined;
  while (fd === undefined) {
    try {
      fd = fs.openSync(lockPath, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (holderIsGone(lockPath, options.staleMs ?? 10_000)) {
        fs.rmSync(lockPath, { force: true });
        continue;
      }
      if (Date.now() > deadline) {
        throw new AppError('CONFLICT', `Timed out waiting for ${lockPath}`, { file: lockPath });
      }
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
    }
  }
  try {
    fs.writeSync(fd, String(process.pid));
    return await fn();
  } finally {
    fs.closeSync(fd);
    fs.rmSync(lockPath, { force: true });
  }
}
