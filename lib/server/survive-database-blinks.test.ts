import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

it('keeps the worker process alive through a database rejection nobody awaited, and ends it on any other', () => {
  // A process of its own: the handler is the process's, and the second rejection ends it.
  const source = `
const { surviveDatabaseBlinks } = await import('./lib/server/survive-database-blinks.ts');
surviveDatabaseBlinks((line) => console.log(line));
// What pg-boss 10 left behind when PostgreSQL restarted: a job's completion, never awaited.
Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
setTimeout(() => {
  console.log('still running');
  Promise.reject(new TypeError('a bug'));
}, 50);
setTimeout(() => console.log('not reached'), 2000);`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', source], { cwd: ROOT, encoding: 'utf8', timeout: 20_000 });
  expect(run.stdout).toContain('a database call outside any job failed: the database is out of reach (connect ECONNREFUSED 127.0.0.1:5432); the worker carries on');
  expect(run.stdout).toContain('still running');
  expect(run.stdout).not.toContain('not reached');
  expect(run.stderr).toContain('TypeError: a bug');
  expect(run.status).toBe(1);
});
