import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { saveScreen } from './fixtures/screens';

/*
 * A team that leaves promptfoo brings its results.json (promptfoo eval -o results.json, with its
 * grading results: tests/fixtures/peers/promptfoo/results.json) through the import preview; its
 * scores arrive as a run promptfoo scored, and compare puts them beside a run Turnwise scores on
 * the same conversations.
 */

const results = readFileSync(path.join(import.meta.dirname, '..', 'tests', 'fixtures', 'peers', 'promptfoo', 'results.json'));

test('import promptfoo results with their grading, then compare promptfoo’s run with a Turnwise run of the same conversations', async ({ page }) => {
  await page.goto('/datasets/new');
  await page.getByLabel('Dataset file').setInputFiles({ name: 'results.json', mimeType: 'application/json', buffer: results });
  await expect(page.getByTestId('detected-format')).toHaveText('promptfoo results JSON');
  await expect(page.getByTestId('conversation-count')).toHaveText('3');
  const scores = page.getByRole('region', { name: 'Scores' });
  await expect(scores).toContainText('promptfoo’s scores: 10 on 3 conversations');
  await expect(scores.getByRole('list', { name: 'Metrics scored' })).toContainText('conversation_relevancy');
  await expect(page.getByRole('region', { name: 'Format notes' })).toContainText('promptfoo records no time for a turn');
  // The steps of one scripted conversation are one conversation in the preview, in order.
  await expect(page.getByRole('region', { name: 'Preview' })).toContainText('It has been a week already. What now?');
  await saveScreen(page, 'import-promptfoo-preview');

  await page.getByRole('textbox', { name: 'Name' }).fill('E2E promptfoo eval');
  await page.getByLabel('Model version (optional)').fill('support-bot (promptfoo)');
  await page.getByRole('button', { name: 'Import 3 conversations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'E2E promptfoo eval' })).toBeVisible();
  const datasetId = /\/datasets\/([^/?]+)/.exec(page.url())![1];

  const listed = (await (await page.request.get(`/api/v1/runs?dataset=${datasetId}`)).json()) as { items: { id: string; imported?: { origin: string } }[] };
  expect(listed.items.map((r) => r.imported?.origin)).toEqual(['promptfoo']);
  const promptfooRun = listed.items[0].id;

  // Turnwise scores the same conversations with the offline judge.
  const started = await page.request.post('/api/v1/runs', {
    data: { datasetId, metrics: ['conversation_relevancy'], options: { conversation_relevancy: { windowSize: 3 } }, judge: { kind: 'offline' }, modelVersion: 'support-bot (Turnwise)' },
  });
  expect(started.status()).toBe(202);
  const { id: turnwiseRun } = (await started.json()) as { id: string };
  await page.goto(`/runs/${turnwiseRun}`);
  await expect(page.getByTestId('run-progress')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });

  await page.goto(`/compare?baseline=${promptfooRun}&candidate=${turnwiseRun}`);
  const compared = page.getByRole('region', { name: 'Runs compared' });
  await expect(compared).toContainText('support-bot (promptfoo)');
  await expect(compared).toContainText('judge promptfoo');
  await expect(compared).toContainText('support-bot (Turnwise)');
  await expect(compared).toContainText('judge offline heuristic');
  await expect(compared).toContainText('3 matched · 0 only in baseline · 0 only here');
  await expect(page.getByRole('heading', { name: 'Summary by metric' })).toBeVisible();
  await expect(page.locator('tr[data-metric="conversation_relevancy"]')).toBeVisible();
  await saveScreen(page, 'compare-promptfoo-turnwise');

  // promptfoo's run shows each score as promptfoo gave it: which assertion judged, on which reply.
  await page.goto(`/runs/${promptfooRun}`);
  await page.getByRole('link', { name: 'refund-1' }).first().click();
  await expect(page.getByTestId('imported-result').first()).toContainText('promptfoo');
  await expect(page.getByText('promptfoo: llm-rubric').first()).toBeVisible();
  await expect(page.getByText('It asks for card digits but gives no timeline for the ticket.').first()).toBeVisible();
  await saveScreen(page, 'promptfoo-run-conversation');
});
