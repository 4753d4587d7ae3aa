/*
 * The whole test suite: Vitest (unit, integration, database on SQLite and, when
 * TEST_POSTGRES_URL is set, PostgreSQL), then Playwright in Chromium. Both write JSON
 * reports; the last line printed is `N passed, N failed` over every test that ran. A suite
 * that did not run at all (its server never built or never answered) counts as one failure
 * with a line that says so: no tests passed is not the same as every test passed.
 * The browser tests' production build is made here, under its own limit (E2E_BUILD_TIMEOUT_MS,
 * 20 minutes by default: a cold build on two busy cores takes several), so that Playwright's
 * server timeout only covers starting the server. It runs while Vitest does: many Vitest files
 * wait on servers and subprocesses rather than compute, and the build fills that time. The
 * servers start as soon as it is done (scripts/test/start-e2e-servers.ts), their log in
 * test-results/e2e-server.log.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startE2EServers, type StartedServers } from './start-e2e-servers';
import { playwrightCounts, vitestCounts, type Counts, type SuiteOutcome } from './suite-counts';


const root = path.resolve(import.meta.dirname, '../..');
const outDir = path.join(root, 'test-results');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

/** Runs a command with this terminal; resolves to its exit code. */
function run(cmd: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const DEFAULT_BUILD_TIMEOUT_MS = 20 * 60_000;

/** Starts the production build the browser tests serve; resolves to null when it succeeded, else why not. */
function buildForBrowserTests(): Promise<string | null> {
  const limit = Number(process.env.E2E_BUILD_TIMEOUT_MS) || DEFAULT_BUILD_TIMEOUT_MS;
  const log = path.join(outDir, 'e2e-build.log');
  console.log(`Building the app for the browser tests (limit ${Math.round(limit / 60_000)} min, log in ${path.relative(root, log)})…`);
  // Written straight to the log: nothing here has to read the build's output while Vitest runs.
  const out = openSync(log, 'w');
  const child = spawn('npx', ['next', 'build'], {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', DATABASE_URL: 'file:./data/e2e/turnwise-e2e.db' },
    stdio: ['ignore', out, out],
    // Its own process group, so that the limit stops the build's workers too, not only npx.
    detached: true,
  });
  closeSync(out);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }, limit);
  return new Promise((resolve) => {
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve(`the build failed (${error.message}; see ${path.relative(root, log)})`);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) return resolve(`the build did not finish within ${Math.round(limit / 1000)} s (raise E2E_BUILD_TIMEOUT_MS on a slow machine)`);
      if (code === 0) return resolve(null);
      // Its last lines are shown when the browser tests would have started, after Vitest's output.
      resolve(`the build failed (exit ${code ?? signal}; see ${path.relative(root, log)})`);
    });
  });
}

const only = process.argv[2]; // "unit" | "e2e" | undefined (both)
const totals: Counts = { passed: 0, failed: 0, skipped: 0 };
const notRun: string[] = [];
const add = (c: SuiteOutcome, what: string, exit: number): void => {
  if (c && 'notRun' in c) {
    notRun.push(`${what}: DID NOT RUN: ${c.notRun}`);
    totals.failed += 1;
  } else if (c) {
    totals.passed += c.passed; totals.failed += c.failed; totals.skipped += c.skipped;
    if (exit !== 0 && c.failed === 0) totals.failed += 1; // the runner failed without a failing test
  } else {
    notRun.push(`${what}: DID NOT RUN: no report was written (exit ${exit})`);
    totals.failed += 1;
  }
};

const build = only !== 'unit' && process.env.E2E_SKIP_BUILD !== '1' ? buildForBrowserTests() : Promise.resolve(null);
// The browser tests' servers start once the build is done, while Vitest may still run.
const servers: Promise<StartedServers | string> | null =
  only !== 'unit'
    ? build.then((error) => error ?? startE2EServers(root, path.join(outDir, 'e2e-server.log'), Number(process.env.E2E_PORT ?? 3100), Math.max(1, Number(process.env.E2E_WORKERS) || 1)))
    : null;
if (only !== 'e2e') {
  const report = path.join(outDir, 'vitest.json');
  const exit = await run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  add(vitestCounts(report), 'vitest', exit);
}
if (servers) {
  const started = await servers;
  if (typeof started === 'string') {
    if (started.startsWith('the build failed')) console.error(readFileSync(path.join(outDir, 'e2e-build.log'), 'utf8').split('\n').slice(-40).join('\n'));
    add({ notRun: started }, 'browser tests (playwright)', 1);
  } else {
    const notAnswering = await started.ready;
    if (notAnswering) {
      started.stop();
      console.error(readFileSync(path.join(outDir, 'e2e-server.log'), 'utf8').split('\n').slice(-40).join('\n'));
      add({ notRun: notAnswering }, 'browser tests (playwright)', 1);
    } else {
      const report = path.join(outDir, 'playwright.json');
      const exit = await run('npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: report, E2E_SKIP_BUILD: '1', E2E_SERVERS_STARTED: '1' });
      started.stop();
      add(playwrightCounts(report), 'browser tests (playwright)', exit);
    }
  }
}

for (const line of notRun) console.error(line);
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
const suites = notRun.length ? ` (${notRun.length === 1 ? 'one suite' : `${notRun.length} suites`} did not run, counted as failed)` : '';
console.log(`${totals.passed} passed, ${totals.failed} failed${skipped}${suites}`);
process.exit(totals.failed > 0 ? 1 : 0);
