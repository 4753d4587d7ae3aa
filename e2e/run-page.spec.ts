import { expect, test, type Page } from '@playwright/test';

const DEMO = 'Demo: support and onboarding conversations';
const METRICS = ['knowledge_retention', 'turn_faithfulness', 'conversation_relevancy', 'contextual_recall', 'context_coverage'];

async function openDemoRun(page: Page): Promise<string> {
  await page.goto('/runs');
  await page.getByRole('row').filter({ hasText: DEMO }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: /Run on/ })).toBeVisible();
  return new URL(page.url()).pathname;
}

test('the run page shows a card and a drawn histogram per metric', async ({ page }) => {
  await openDemoRun(page);
  for (const metric of METRICS) {
    const card = page.getByTestId(`metric-card-${metric}`);
    await expect(card).toBeVisible();
    // A mean score with two decimals and a pass rate: data, not a placeholder.
    await expect(card.locator('p').first()).toHaveText(/^\d\.\d\d$/);
    await expect(card).toContainText(/\d+% pass at ≥ 0\.50/);
    const histogram = page.getByTestId(`histogram-${metric}`);
    await expect(histogram).toContainText(/\d+ scored/);
    // Recharts drew bars in the browser (the server sends no chart SVG).
    await expect(histogram.locator('.recharts-bar-rectangle path').first()).toBeVisible();
  }
});

test('a failed cell of the verdict map opens the conversation at that turn, marked with its reason', async ({ page }) => {
  await openDemoRun(page);
  const map = page.getByTestId('verdict-map');
  await expect(map).toBeVisible();
  await expect(page.getByRole('list', { name: 'Legend' })).toContainText('Failed');
  const failed = map.locator('a[data-state="no"]').first();
  const href = await failed.getAttribute('href');
  const turn = Number(/turn=(\d+)/.exec(href ?? '')?.[1]);
  expect(Number.isInteger(turn)).toBe(true);
  await failed.click();
  await expect(page).toHaveURL(new RegExp(`/conversations/[^/?]+\\?turn=${turn}#turn-${turn}$`));
  const item = page.getByTestId(`turn-${turn}`);
  await expect(item).toHaveAttribute('data-failing', 'true');
  await expect(item.getByTestId('failing-turn-marker')).toBeVisible();
  const verdict = item.locator('[data-verdict="no"]').first();
  await expect(verdict).toBeVisible();
  // The judge's reason is shown as text beside the turn.
  await expect(verdict.locator('p').nth(1)).toHaveText(/\w{3,}/);
  // Judge calls are collapsed until asked for.
  const calls = page.getByTestId('judge-calls').first();
  await expect(calls).not.toHaveAttribute('open', '');
  await calls.locator('summary').first().click();
  await expect(calls).toContainText('offline heuristic judge is not cached');
});

test('the table filter "failed only" keeps only conversations that failed a metric', async ({ page }) => {
  const path = await openDemoRun(page);
  const table = page.locator('#conversations table');
  const rows = page.locator('tr[data-failed]');
  await expect(rows.first()).toBeVisible();
  const all = await rows.count();
  expect(all).toBeGreaterThan(1);
  await page.getByLabel('Failed only').check();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}\\?(.*&)?failed=1(&|$)`));
  await expect(page.getByTestId('table-summary')).toContainText('failed at least one metric');
  const failedRows = await page.locator('tr[data-failed]').count();
  expect(failedRows).toBeGreaterThan(0);
  expect(failedRows).toBeLessThan(all);
  await expect(page.locator('tr[data-failed="false"]')).toHaveCount(0);
  // Sorting keeps the filter.
  await table.getByRole('link', { name: /Sort by Context coverage ascending/ }).click();
  await expect(page).toHaveURL(/failed=1&sort=context_coverage/);
  await expect(page.locator('tr[data-failed="false"]')).toHaveCount(0);
});
