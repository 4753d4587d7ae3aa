import path from 'node:path';

/*
 * The browser tests run in E2E_WORKERS Playwright workers (1 by default: on two cores a second
 * worker doubled every test's time, 334 → 694 s summed, for no gain in wall time), each against a server
 * of its own with a database of its own (scripts/test/e2e-server.sh starts them side by side on
 * E2E_PORT, E2E_PORT + 1, …). A spec may then count rows, read "the latest runs", add judge
 * connections and users as if it were alone, and within a worker spec files still run one after
 * another, as they always did.
 */

export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || 1);
const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);

export interface E2EServer {
  url: string;
  /** The server's SQLite database, for the specs that write to it directly or through the CLI. */
  databaseUrl: string;
  /** The signed-in admin's cookies on this server, written by e2e/global-setup.ts. */
  storageState: string;
}

export function e2eServer(index: number): E2EServer {
  const dir = `data/e2e/${index}`;
  return {
    url: `http://127.0.0.1:${BASE_PORT + index}`,
    databaseUrl: `file:./${dir}/turnwise-e2e.db`,
    storageState: path.join(process.cwd(), dir, 'admin-state.json'),
  };
}

/**
 * The server of the worker this code runs in (Playwright numbers its workers 0 … workers - 1 in
 * TEST_PARALLEL_INDEX before it loads the config and the spec files); the first one elsewhere.
 */
export function currentE2EServer(): E2EServer {
  return e2eServer(Number(process.env.TEST_PARALLEL_INDEX ?? 0) % E2E_WORKERS);
}
