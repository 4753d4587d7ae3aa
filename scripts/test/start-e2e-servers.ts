import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import { waitForServer } from './wait-for-server';

/*
 * The browser tests' servers (scripts/test/e2e-server.sh), started by `npm test` as soon as the
 * build is done, while Vitest still runs: each migrates, seeds the demo and warms up in the
 * time Vitest's last files leave the cores idle, instead of before the first browser test.
 * Playwright then finds them answering and uses them (E2E_SERVERS_STARTED in playwright.config.ts).
 */

const STARTUP_LIMIT_MS = 300_000;

export interface StartedServers {
  /** Null once the first server answers, else why it did not. */
  ready: Promise<string | null>;
  stop(): void;
}

export function startE2EServers(root: string, log: string, port: number, workers: number): StartedServers {
  const out = openSync(log, 'w');
  const child = spawn('bash', ['scripts/test/e2e-server.sh', String(port), String(workers)], {
    cwd: root,
    env: { ...process.env, E2E_SKIP_BUILD: '1' },
    stdio: ['ignore', out, out],
    // Its own process group: stopping it stops the servers it started.
    detached: true,
  });
  closeSync(out);
  let exited: string | null = null;
  child.on('exit', (code, signal) => (exited = `the browser tests' server stopped (exit ${code ?? signal}; see ${path.relative(root, log)})`));
  const ready = waitForServer(`http://127.0.0.1:${port}`, STARTUP_LIMIT_MS, () => exited).then((why) =>
    why === null || why === exited ? why : `the browser tests' server did not start: ${why} (see ${path.relative(root, log)})`,
  );
  return {
    ready,
    stop: () => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // Already gone.
      }
    },
  };
}
