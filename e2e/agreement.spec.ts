import { expect, test } from '@playwright/test';
import { saveScreen } from './fixtures/screens';

/*
 * A labelled dataset imported from a file: its run page shows how far the judge agrees with the
 * labels, with the same figures the API gives.
 */


test('the run page shows the judge’s agreement with the labels the file gave', async ({ page }) => {
  const conversations = ['Where is parcel 1?', 'Where is parcel 2?', 'Why is parcel 3 late?', 'Is parcel 4 insured?'].map((question, i) => ({
    id: `labelled-${i}`,
    turns: [
      { role: 'user', content: question },
      {
        role: 'assistant',
        content: i % 2 ? 'Bananas are rich in potassium.' : `Parcel ${i + 1} is at the depot.`,
        labels: { conversation_relevancy: i === 3 ? 'yes' : i % 2 ? 'no' : 'yes' },
      },
    ],
  }));
  const params = new URLSearchParams({ name: 'E2E labelled parcels', fileName: 'labelled.json' });
  const imported = await page.request.post(`/api/datasets/import?${params}`, { data: Buffer.from(JSON.stringify(conversations)) });
  expect(imported.status()).toBe(201);
  const { datasetId } = (await imported.json()) as { datasetId: string };
  const started = await page.request.post('/api/v1/runs', { data: { datasetId, metrics: ['conversation_relevancy'], judge: { kind: 'offline' } } });
  expect(started.status()).toBe(202);
  const { id } = (await started.json()) as { id: string };

  await page.goto(`/runs/${id}`);
  await expect(page.getByTestId('run-progress')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await page.reload();
  const api = (await (await page.request.get(`/api/v1/runs/${id}/agreement`)).json()) as { metrics: Record<string, { n: number; kappa: number | null }> };
  const figures = api.metrics.conversation_relevancy;
  expect(figures.n).toBe(4);
  const card = page.getByTestId('agreement-conversation_relevancy');
  await expect(page.getByRole('heading', { name: 'Agreement with people' })).toBeVisible();
  // κ of 0 by construction (one side gave one verdict only) is said to be no measurement.
  await expect(card).toContainText(figures.kappa === null ? 'κ not measurable' : new RegExp(`κ (${figures.kappa.toFixed(2)}|not measurable)`));
  await expect(card).toContainText('over 4 labelled turns');
  await card.scrollIntoViewIfNeeded();
  await saveScreen(page, 'agreement-card');

  // The conversation view shows each file label beside the judge's verdict.
  await page.getByRole('link', { name: 'labelled-1' }).first().click();
  await expect(page.getByTestId('file-label-1-conversation_relevancy')).toHaveText(/^Label from the dataset file: fail/);
});
