import { expect, test } from '@playwright/test';

const PAGES = ['/', '/datasets', '/datasets/new', '/runs', '/compare'];

test('every page sends the security headers and runs under its content security policy', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  for (const path of PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const headers = response!.headers();
    expect(headers['x-frame-options'], path).toBe('DENY');
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('same-origin');
  }
  // The import page's preview runs in a Web Worker: the policy must let it start.
  await page.goto('/datasets/new');
  await page.getByLabel('Dataset file').setInputFiles({
    name: 'chats.jsonl',
    mimeType: 'application/json',
    buffer: Buffer.from('{"turns":[{"role":"user","content":"Hi"},{"role":"assistant","content":"Hello"}]}\n'),
  });
  await expect(page.getByTestId('turn-count')).toHaveText('2');
  // A run page draws its charts in the browser.
  await page.goto('/runs');
  await page.getByRole('row').filter({ hasText: 'Demo: support and onboarding conversations' }).getByRole('link').first().click();
  await expect(page.locator('svg.recharts-surface').first()).toBeVisible();
  expect(violations).toEqual([]);
});

test('another site cannot frame the dashboard', async ({ page, baseURL }) => {
  // The document's load event waits for its frames, so the frame has loaded or been refused by then.
  await page.setContent(`<iframe id="victim" src="${baseURL}/datasets" width="800" height="600"></iframe>`, { waitUntil: 'load' });
  const frame = page.frame({ url: /\/datasets/ });
  const heading = frame ? await frame.getByRole('heading', { name: 'Datasets' }).count().catch(() => 0) : 0;
  expect(heading).toBe(0);
});
