import { chromium, type FullConfig } from '@playwright/test';
import { waitForServer } from '../scripts/test/wait-for-server';
import { bundleTestEntries } from '../tests/helpers/entry-bundles';
import { E2E_ADMIN } from './auth-fixtures';
import { E2E_WORKERS, e2eServer } from './e2e-servers';

/**
 * Signs in once on each worker's server as the admin that scripts/test/e2e-server.sh creates;
 * every spec starts from that session. Playwright waits for the first server only: the others
 * started beside it and are waited for here.
 */
export default async function globalSetup(config: FullConfig): Promise<() => void> {
  // The CLI the specs save runs with, bundled for this run (tests/helpers/entry-bundles.ts).
  const removeBundles = await bundleTestEntries(['bin/turnwise.ts']);
  const { launchOptions } = config.projects[0].use;
  const browser = await chromium.launch(launchOptions);
  await Promise.all(
    Array.from({ length: E2E_WORKERS }, async (_, index) => {
      const server = e2eServer(index);
      // As long as Playwright waits for the first one to start.
      const notAnswering = await waitForServer(server.url, 300_000);
      if (notAnswering) throw new Error(`the e2e ${notAnswering}`);
      const page = await browser.newPage({ baseURL: server.url });
      await page.goto('/sign-in');
      await page.getByLabel('Email').fill(E2E_ADMIN.email);
      await page.getByLabel('Password').fill(E2E_ADMIN.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.context().storageState({ path: server.storageState });
      await page.context().close();
    }),
  );
  await browser.close();
  return removeBundles;
}
