import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { saveScreen } from './fixtures/screens';

const DATASET = 'E2E runs: demo conversations ×10';
const demo = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'lib', 'demo', 'demo-dataset.json'), 'utf8')) as { name: string }[];

test.beforeAll(async ({ request }) => {
  // Ten copies of the demo (60 conversations): enough work at concurrency 1 for the bar to move on screen.
  const copies = Array.from({ length: 10 }, (_, i) => demo.map((c) => ({ ...c, name: `${c.name} #${i + 1}` }))).flat();
  const params = new URLSearchParams({ name: DATASET, fileName: 'demo-x10.json' });
  const response = await request.post(`/api/datasets/import?${params}`, { data: Buffer.from(JSON.stringify(copies)) });
  expect(response.status()).toBe(201);
});

test.setTimeout(150_000);

test('start a run from the dataset page and watch it finish without reloading', async ({ page }) => {
  await page.goto('/datasets');
  await page.getByRole('link', { name: DATASET }).first().click();
  await page.getByRole('link', { name: 'New run' }).click();
  await expect(page).toHaveURL(/\/runs\/new\?dataset=/);
  await expect(page.getByRole('heading', { name: 'New run' })).toBeVisible();

  // The default set the demo has data for is preselected; the offline judge is the default without keys.
  for (const metric of ['Knowledge retention', 'Turn faithfulness', 'Conversation relevancy', 'Contextual recall', 'Context coverage']) {
    await expect(page.getByRole('checkbox', { name: metric, exact: true })).toBeChecked();
  }
  // Turn contextual relevancy judges the retriever and fails good replies: offered, unchecked, saying why.
  await expect(page.getByRole('checkbox', { name: 'Turn contextual relevancy', exact: true })).not.toBeChecked();
  await expect(page.getByTestId('metric-turn_contextual_relevancy-not-default')).toContainText('It judges what the retriever returned, not the reply');
  await expect(page.getByLabel('Judge', { exact: true })).toHaveValue('offline');
  // Beside the select, what the offline judge can and cannot see.
  await expect(page.getByLabel('Judge', { exact: true })).toHaveAccessibleDescription(/catches replies that go off topic .* cannot judge role adherence, completeness, goal accuracy or custom metrics/);

  // The estimate follows the options: fewer metrics, fewer results and calls.
  const preview = page.getByTestId('run-preview');
  await expect(page.getByTestId('preview-items')).toHaveText('270');
  await expect(page.getByTestId('preview-cost')).toHaveText('free');
  const allCalls = Number((await page.getByTestId('preview-calls').textContent())?.replace(/\D/g, ''));
  expect(allCalls).toBeGreaterThan(270);
  await page.getByRole('checkbox', { name: 'Context coverage', exact: true }).uncheck();
  await expect(page.getByTestId('preview-items')).toHaveText('220');
  await expect(preview).not.toContainText('Context coverage');

  // A bad option is refused where it was typed, before anything starts.
  const threshold = page.getByLabel('Threshold').first();
  await threshold.fill('2');
  await expect(page.getByText('expected number to be <=1')).toBeVisible();
  await threshold.fill('0.6');
  await expect(page.getByText('expected number to be <=1')).toHaveCount(0);

  await page.getByLabel('Window size').first().fill('4');
  await page.getByLabel('Concurrency').fill('1');
  await page.getByLabel('Model version under test').fill('demo-bot v2 (e2e)');
  await page.getByRole('button', { name: 'Start run' }).click();

  await expect(page).toHaveURL(/\/runs\/(?!new)[^/?]+$/);
  const progress = page.getByTestId('run-progress');
  await expect(progress).toBeVisible();
  const bar = page.getByRole('progressbar', { name: 'Results scored' });
  await expect(bar).toHaveAttribute('aria-valuemax', '220');
  // Marks this document: a full reload would lose it.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        seen.add((await bar.getAttribute('aria-valuenow')) ?? '');
        return progress.getAttribute('data-status');
      },
      { timeout: 90_000, intervals: [100] },
    )
    .toBe('completed');

  await expect(bar).toHaveAttribute('aria-valuenow', '220');
  await expect(bar).toHaveAttribute('aria-valuetext', '100%');
  await expect(page.getByTestId('run-progress-count')).toHaveText('220 / 220 results · 100%');
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  // The bar moved in front of the user: it showed more than the final value.
  expect(seen.size).toBeGreaterThan(1);
  await expect(progress.getByText('Took')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel run' })).toHaveCount(0);
  await expect(page.getByText('demo-bot v2 (e2e)')).toBeVisible();
  // The run page says the same of the judge that scored it.
  await expect(page.getByRole('note').first()).toContainText('It cannot judge role adherence, completeness, goal accuracy or custom metrics');
  await saveScreen(page, 'runs-start-done');

  // The run is listed on its dataset.
  await page.getByRole('link', { name: DATASET }).first().click();
  await expect(page.getByRole('row').filter({ hasText: 'demo-bot v2 (e2e)' })).toBeVisible();
});
