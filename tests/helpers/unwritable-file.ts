import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/*
 * Files made unwritable for every process, the test's own included, and made writable again: a
 * SQLite database whose disk was remounted read-only or whose permissions were changed under a
 * running server. chmod stops no write of root's, so as root the files are made immutable
 * (chattr +i, which root's writes obey too); that needs a file system that keeps the attribute
 * (ext4, xfs, btrfs: not tmpfs or overlayfs).
 */

const isRoot = process.getuid?.() === 0;

function chattr(flag: '+i' | '-i', file: string): void {
  execFileSync('chattr', [flag, file], { stdio: 'pipe' });
}

/** Why files in `dir` cannot be made unwritable here, or null when they can. */
export function unwritableUnsupported(dir: string = os.tmpdir()): string | null {
  if (!isRoot) return null;
  const probe = path.join(dir, `turnwise-chattr-probe-${process.pid}`);
  fs.writeFileSync(probe, '');
  try {
    chattr('+i', probe);
    chattr('-i', probe);
    return null;
  } catch (error) {
    return `the tests run as root, where chmod stops no write, and chattr +i fails on ${dir}: ${(error as Error).message.split('\n')[0]}`;
  } finally {
    fs.rmSync(probe, { force: true });
  }
}

/** Makes `files` unwritable; the function returned makes them writable again. */
export function makeUnwritable(files: string[]): () => void {
  const modes = files.map((file) => fs.statSync(file).mode & 0o777);
  for (const file of files) {
    if (isRoot) chattr('+i', file);
    else fs.chmodSync(file, 0o444);
  }
  let restored = false;
  return () => {
    if (restored) return;
    restored = true;
    files.forEach((file, i) => {
      if (isRoot) chattr('-i', file);
      else fs.chmodSync(file, modes[i]);
    });
  };
}
