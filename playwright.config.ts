import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { currentE2EServer, E2E_WORKERS } from './e2e/e2e-servers';

const port = Number(process.env.E2E_PORT ?? 3100);
// Each worker's own server (e2e/e2e-servers.ts): read in the worker, where Playwright has numbered it.
const server = currentE2EServer();
// Debian's headless shell where it is installed (scripts/test/test.sh prefers it), else its full Chromium.
const chromium = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p)) ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  // Playwright empties its output folder when it starts: a folder of its own keeps the reports and the build log
  // that scripts/test/run-all.ts writes to test-results/ before it.
  outputDir: './test-results/playwright',
  // Signs in once as the e2e admin on each server; specs start signed in (e2e/auth.spec.ts clears it where it tests sign-in).
  globalSetup: './e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // Spec files run side by side, one worker and one server each; a file's tests run in order.
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: server.url,
    trace: 'on-first-retry',
    storageState: server.storageState,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // A database made for the run per server: the e2e setup script wipes them, then each server migrates and seeds its own.
    // Playwright waits for the first server; e2e/global-setup.ts for the others.
    command: `bash scripts/test/e2e-server.sh ${port} ${E2E_WORKERS}`,
    url: `http://127.0.0.1:${port}`,
    // `npm test` builds first under its own limit (scripts/test/run-all.ts) and sets E2E_SKIP_BUILD: then this
    // only covers starting the servers (each migrates, seeds and warms up: above a minute on two busy cores).
    // A direct `npx playwright test` builds here, which on two busy cores takes minutes.
    timeout: process.env.E2E_SKIP_BUILD === '1' ? 300_000 : 1_200_000,
    // `npm test` starts them while Vitest runs (scripts/test/start-e2e-servers.ts) and says so.
    reuseExistingServer: process.env.E2E_SERVERS_STARTED === '1',
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
