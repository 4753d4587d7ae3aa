import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startJudgeServer, type JudgeServer } from '../tests/helpers/judge-server';
import { E2E_ADMIN } from './auth-fixtures';
import { saveScreen } from './fixtures/screens';


/** Every page and route the build produced, as URLs (each dynamic segment filled with "x"). */
function builtRoutes(): string[] {
  const manifest = JSON.parse(readFileSync(path.join('.next', 'app-path-routes-manifest.json'), 'utf8')) as Record<string, string>;
  return [...new Set(Object.values(manifest))]
    .filter((route) => !route.startsWith('/_') && !/\.(ico|png|svg|txt|xml)$/.test(route))
    .map((route) => route.replace(/\[\[?\.{0,3}[^\]]+\]\]?/g, 'x'));
}

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('every page redirects to sign-in and every route answers 401', async ({ request }) => {
    const routes = builtRoutes();
    expect(routes).toContain('/api/runs/x/export');
    expect(routes).toContain('/api/datasets/import');
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      if (route === '/sign-in' || route === '/setup' || route.startsWith('/api/auth/')) continue;
      if (route.startsWith('/api/')) {
        // Each route refuses its own methods with 401; a method it does not have is 405 (nothing runs).
        const statuses: number[] = [];
        for (const method of ['GET', 'POST'] as const) {
          const res = await request.fetch(route, { method, maxRedirects: 0, data: method === 'POST' ? '{}' : undefined });
          statuses.push(res.status());
          expect([401, 405], `${method} ${route}`).toContain(res.status());
          // deepeval's client's routes answer in its envelope, which it raises with the error's message.
          if (res.status() === 401 && route.startsWith('/api/deepeval/')) expect(await res.json(), route).toMatchObject({ success: false, error: expect.stringContaining('API key') });
          else if (res.status() === 401) expect((await res.json()).error.code, route).toBe('UNAUTHORIZED');
        }
        expect(statuses, route).toContain(401);
      } else {
        const res = await request.get(route, { maxRedirects: 0 });
        expect(res.status(), route).toBe(307);
        expect(new URL(res.headers().location, 'http://h').pathname, route).toBe('/sign-in');
      }
    }
  });

  test('the sign-in page signs in and refuses a wrong password', async ({ page }) => {
    await page.goto('/runs');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fruns/);
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Wrong email or password.')).toBeVisible();
    await saveScreen(page, 'sign-in-error');
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/runs$/);
    // The account menu names who is signed in, and with which role once opened.
    const account = page.getByTestId('account-menu');
    await expect(account.locator('summary')).toContainText(E2E_ADMIN.email);
    await account.locator('summary').click();
    await expect(account.getByText(`${E2E_ADMIN.email} · instance admin`)).toBeVisible();
  });
});

async function signInAs(page: Page, email: string, password: string) {
  await page.context().clearCookies();
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

test('an admin adds a viewer, who can read but neither start a run nor manage users', async ({ page, browser }) => {
  await page.goto('/admin/users');
  const form = page.getByRole('form', { name: 'Add a user' });
  await form.getByLabel('Name').fill('Vera Viewer');
  await form.getByLabel('Email').fill('viewer@e2e.test');
  await form.getByLabel('Password').fill('viewer password');
  await form.getByRole('button', { name: 'Add user' }).click();
  await expect(page.getByText('Added viewer@e2e.test.')).toBeVisible();
  await expect(page.getByRole('cell', { name: /^Vera Viewer viewer@e2e\.test/ })).toBeVisible();
  await saveScreen(page, 'users');

  const viewer = await browser.newPage({ storageState: { cookies: [], origins: [] } });
  await signInAs(viewer, 'viewer@e2e.test', 'viewer password');
  await viewer.goto('/datasets');
  await expect(viewer.getByRole('heading', { name: 'Datasets' })).toBeVisible();
  await expect(viewer.getByRole('link', { name: 'Users' })).toHaveCount(0);
  // Only what a viewer may do is offered: reading and exporting, no uploads, runs, renames or deletes.
  await expect(viewer.getByRole('link', { name: 'New dataset' })).toHaveCount(0);
  await viewer.locator('a[href^="/datasets/"]:not([href="/datasets/new"])').first().click();
  await expect(viewer.getByRole('group', { name: 'Export' })).toBeVisible();
  await expect(viewer.getByRole('link', { name: 'New run' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'Rename' })).toHaveCount(0);
  await viewer.goto('/runs/new');
  await expect(viewer).toHaveURL(/\/denied\?needs=editor/);
  await expect(viewer.getByText('This page needs the editor role')).toBeVisible();
  await viewer.goto('/admin/users');
  await expect(viewer).toHaveURL(/\/denied\?needs=admin/);
  await saveScreen(viewer, 'denied');
  await viewer.close();
});

test.describe('judge connections', () => {
  let judge: JudgeServer;
  test.beforeAll(async () => {
    judge = await startJudgeServer({ handler: () => ({ content: 'OK from the test judge' }) });
  });
  test.afterAll(async () => judge?.close());

  test('an admin adds one, tests it, and the page never carries its key beyond the last four characters', async ({ page }) => {
    const key = 'sk-e2e-very-secret-key-WXYZ';
    await page.goto('/settings/connections');
    const form = page.getByRole('form', { name: 'Add a judge connection' });
    await form.getByLabel('Name').fill('test-judge');
    await form.getByLabel('Base URL').fill(judge.url);
    await form.getByLabel(/API key/).fill(key);
    await form.getByLabel(/Models/).fill('judge-small, judge-large');
    await form.getByRole('button', { name: 'Add connection' }).click();
    await expect(page.getByText('Added test-judge.')).toBeVisible();
    await page.reload();
    await page.getByRole('button', { name: 'Test test-judge' }).click();
    await expect(page.getByTestId('connection-test')).toContainText('Answered (judge-small');
    await expect(page.getByTestId('connection-test')).toContainText('OK from the test judge');
    expect(judge.requests.at(-1)?.headers.authorization).toBe(`Bearer ${key}`);
    await saveScreen(page, 'connections');

    const html = await (await page.request.get('/settings/connections')).text();
    expect(html).toContain('…WXYZ');
    expect(html).not.toContain('sk-e2e-very-secret');
    expect(await page.content()).not.toContain('sk-e2e-very-secret');

    // A new base URL with the key left blank is refused: the stored key goes only to the URL it was given for.
    const other = await startJudgeServer({ handler: () => ({ content: 'OK from another host' }) });
    try {
      const edit = page.getByRole('form', { name: 'Edit test-judge' });
      await edit.locator('input[name="baseUrl"]').fill(other.url);
      await edit.getByRole('button', { name: 'Save' }).click();
      await expect(edit.getByText(/enter the API key again/).first()).toBeVisible();
      await saveScreen(page, 'connection-url-changed');
      await page.reload();
      await page.getByRole('button', { name: 'Test test-judge' }).click();
      await expect(page.getByTestId('connection-test')).toContainText('OK from the test judge');
      expect(other.requests).toHaveLength(0);
    } finally {
      await other.close();
    }

    // The run form offers it as a judge.
    await page.goto('/datasets');
    const href = await page.locator('a[href^="/datasets/"]:not([href="/datasets/new"])').first().getAttribute('href');
    await page.goto(`/runs/new?dataset=${href?.split('/')[2]}`);
    await expect(page.locator('#run-judge option', { hasText: 'test-judge' })).toHaveCount(1);

    // Deleted again, it is no longer offered (and the specs after this one see the offline default).
    await page.goto('/settings/connections');
    await page.getByRole('button', { name: 'Delete test-judge' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete connection' }).click();
    await expect(page.getByRole('button', { name: 'Test test-judge' })).toHaveCount(0);
    await page.goto(`/runs/new?dataset=${href?.split('/')[2]}`);
    await expect(page.locator('#run-judge option', { hasText: 'test-judge' })).toHaveCount(0);
  });
});

test('personal API keys are shown once and act on /api/v1', async ({ page, playwright, baseURL }) => {
  await page.goto('/settings/api-keys');
  await page.getByLabel('Name').fill('ci');
  await page.getByRole('button', { name: 'Create key' }).click();
  const key = (await page.getByTestId('new-api-key').textContent())?.trim() ?? '';
  expect(key).toMatch(/^tw_/);
  await saveScreen(page, 'api-keys');
  await page.reload();
  await expect(page.getByText(`tw_…${key.slice(-4)}`)).toBeVisible();
  expect(await page.content()).not.toContain(key);

  const api = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  expect((await api.get('/api/v1/compare?baseline=a&candidate=b')).status()).toBe(401);
  const res = await api.get('/api/v1/compare?baseline=a&candidate=b', { headers: { authorization: `Bearer ${key}` } });
  expect(res.status()).toBe(404);
  await api.dispose();
});

test('the audit list shows the connection and user changes', async ({ page }) => {
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { name: 'Audit' })).toBeVisible();
  await saveScreen(page, 'audit');
});
