import { chromium, type FullConfig } from '@playwright/test';
import { E2E_ADMIN, STORAGE_STATE } from './auth-fixtures';

/** Signs in once as the admin that scripts/test/e2e-server.sh creates; every spec starts from that session. */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const { baseURL, launchOptions } = config.projects[0].use;
  const browser = await chromium.launch(launchOptions);
  const page = await browser.newPage({ baseURL });
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.context().storageState({ path: STORAGE_STATE });
  await browser.close();
}
