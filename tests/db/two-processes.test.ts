import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/wait-for';
import { nodeArgs } from '../helpers/entry-bundles';
import { sqliteForTests } from './databases';

/*
 * The dashboard's web server and its run worker are two processes on one SQLite file. One commits
 * short transactions several times a second (an import's batches) while the other reads, then
 * writes, in a transaction (a result stored once its absence is checked): that must wait its
 * turn, never fail.  The other process starts committing before the first of those transactions.
 */

const sqlite = sqliteForTests();

/** The other process, committing from when `committing` resolves until `stop()`, which gives its number of commits. */
function otherProcess(): { committing: Promise<void>; stop: () => Promise<number> } {
  const child = spawn(process.execPath, [...nodeArgs('tests/db/scripts/commit-often.ts'), sqlite.url], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  const exited = new Promise<number>((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve(Number(out.trim().split('\n').at(-1))) : reject(new Error(`the other process exited ${code}`)))),
  );
  const committing = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.startsWith('committing\n')) resolve();
    });
    exited.then(() => reject(new Error('the other process ended before committing')), reject);
  });
  return {
    committing,
    stop: () => {
      child.stdin.end();
      return exited;
    },
  };
}

describe('two processes on one SQLite file', () => {
  it('a read-then-write transaction waits for the other process’s commits instead of failing', async () => {
    const other = otherProcess();
    await other.committing;
    // It stops once it has committed 21 times: by then these transactions have had to wait for it.
    const theirs = waitFor('the other process to commit 21 times', async () => (await sqlite.db.dataset.count({ where: { name: { startsWith: 'other ' } } })) > 20).then(() =>
      other.stop(),
    );
    const failures: string[] = [];
    for (let i = 0; i < 60; i++) {
      await sqlite.db
        .$transaction(async (tx) => {
          const seen = await tx.dataset.count();
          await new Promise((r) => setTimeout(r, 10)); // the other process commits meanwhile
          await tx.dataset.create({ data: { projectId: 'default', name: `mine ${i} after ${seen}`, sourceFormat: 'deepeval-json' } });
        })
        .catch((e: Error) => failures.push(e.message.split('\n').at(-1) ?? e.message));
    }
    expect(await theirs).toBeGreaterThan(20);
    expect(failures).toEqual([]);
    expect(await sqlite.db.dataset.count({ where: { name: { startsWith: 'mine ' } } })).toBe(60);
  }, 60_000);
});
