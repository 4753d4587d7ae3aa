import { defineConfig, devices } from '@playwright/test';
import { STORAGE_STATE } from './e2e/auth-fixtures';

const port = Number(process.env.E2E_PORT ?? 3100);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  // Playwright empties its output folder when it starts: a folder of its own keeps the reports and the build log
  // that scripts/test/run-all.ts writes to test-results/ before it.
  outputDir: './test-results/playwright',
  // Signs in once as the e2e admin; specs start signed in (e2e/auth.spec.ts clears it where it tests sign-in).
  globalSetup: './e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'on-first-retry',
    storageState: STORAGE_STATE,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // A database made for the run: the e2e setup script wipes it, then the server migrates and seeds it.
    command: `bash scripts/test/e2e-server.sh ${port}`,
    url: `http://127.0.0.1:${port}`,
    // `npm test` builds first under its own limit (scripts/test/run-all.ts) and sets E2E_SKIP_BUILD: then this
    // only covers starting the server. A direct `npx playwright test` builds here, which on two busy cores takes minutes.
    timeout: process.env.E2E_SKIP_BUILD === '1' ? 120_000 : 1_200_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
