import { expect, test } from '@playwright/test';
import { saveRunWithCli } from './fixtures/save-run';

/*
 * Comparing the demo run with a second run of the same conversations whose answers are worse
 * (tests/fixtures/compare/demo-worse.json), scored by the offline judge through the CLI on the
 * server's own database.
 */

const DEMO = 'Demo: support and onboarding conversations';
let worse = 'Demo with worse answers';
let worseRunId = '';

test.beforeAll(() => {
  ({ runId: worseRunId, name: worse } = saveRunWithCli('tests/fixtures/compare/demo-worse.json', worse, 'demo-bot v2'));
});

test('pick two runs, see the deltas, filter to regressed and open a regressed conversation side by side', async ({ page }) => {
  await page.goto('/compare');
  await expect(page.getByRole('heading', { name: 'Compare runs' })).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(`^Baseline: demo-bot v1 on ${DEMO}`) }).check();
  await page.locator(`input[name="candidate"][value="${worseRunId}"]`).check();
  await page.getByRole('button', { name: 'Compare', exact: true }).click();

  await expect(page).toHaveURL(/\/compare\?.*candidate=/);
  const params = new URL(page.url()).searchParams;
  expect(params.get('baseline')).toBeTruthy();
  expect(params.getAll('candidate')).toEqual([worseRunId]);
  await expect(page.getByRole('heading', { name: 'Summary by metric' })).toBeVisible();
  const faithfulness = page.locator('tr[data-metric="turn_faithfulness"]');
  await expect(faithfulness).toHaveAttribute('data-verdict', 'regressed');
  await expect(faithfulness.getByText('regressed')).toBeVisible();
  await expect(faithfulness).toContainText('−0.');
  await expect(page.getByText('6 matched · 0 only in baseline · 0 only here')).toBeVisible();

  // Unasked, the conversations table opens on a metric where conversations regressed, not on "Regressed (0)".
  await expect(page.getByRole('navigation', { name: 'Filter' }).getByRole('link', { name: /Regressed \(\d+\)/ })).not.toHaveText(/Regressed \(0\)/);
  await page.getByRole('navigation', { name: 'Metric' }).getByRole('link', { name: 'Turn faithfulness' }).click();
  await expect(page).toHaveURL(/metric=turn_faithfulness/);
  // The table opens on the regressed conversations.
  await expect(page.getByRole('navigation', { name: 'Filter' }).getByRole('link', { name: /Regressed \(\d+\)/ })).toHaveAttribute('aria-current', 'page');
  const rows = page.locator('tbody tr[data-regressed="true"]');
  await expect(rows.first()).toBeVisible();
  const total = await page.locator('section[aria-labelledby="conversations-heading"] tbody tr').count();
  expect(await rows.count()).toBe(total);

  await page.getByRole('link', { name: 'Sort by change of demo-bot v2' }).click();
  await expect(page).toHaveURL(/sort=delta/);
  const worst = rows.first().getByRole('link').first();
  const name = (await worst.textContent())!.trim();
  await worst.click();

  await expect(page.getByRole('heading', { name })).toBeVisible();
  const regressedTurn = page.locator('li[data-regressed="true"]').first();
  await expect(regressedTurn).toBeVisible();
  await expect(regressedTurn).toContainText('regressed');
  await expect(regressedTurn.getByText('worse than baseline').first()).toBeVisible();
  // Highlighted: its background is not that of a turn that did not regress.
  const background = (l: typeof regressedTurn) => l.evaluate((e) => getComputedStyle(e).backgroundColor);
  expect(await background(regressedTurn)).not.toBe(await background(page.locator('li[data-regressed="false"]').first()));
  await expect(page.getByText(/Regressed turns: \d/)).toBeVisible();
});

test('open the trend chart from the home page and click through to a run', async ({ page }) => {
  await page.goto('/');
  const trends = page.getByRole('heading', { name: 'Trends' }).locator('xpath=..');
  await expect(trends.getByTestId('sparkline-turn_faithfulness')).toBeVisible();
  await trends.getByRole('link', { name: worse, exact: true }).click();

  await expect(page.getByRole('heading', { name: `Trends: ${worse}` })).toBeVisible();
  await expect(page.getByText(`datasets with the same conversations: ${DEMO}`)).toBeVisible();
  const chart = page.getByTestId('trend-turn_faithfulness');
  await expect(chart.locator('svg').first()).toBeVisible();
  const point = chart.getByRole('link', { name: /Turn faithfulness: demo-bot v1/ });
  await expect(point).toHaveCount(1);
  await point.click();
  await expect(page).toHaveURL(/\/runs\/[^/]+$/);
  await expect(page.getByText(DEMO).first()).toBeVisible();
});
