import { expect, test } from '@playwright/test';
import { saveScreen } from './fixtures/screens';

/*
 * A conversation of 250 turns shows a page of 100 turns at a time, on the dataset's page and on
 * a run's page, and a link to one turn opens the page that holds it.
 */

const TURNS = 250;
const chat = {
  name: 'E2E long chat',
  turns: Array.from({ length: TURNS }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `message number ${i + 1}` })),
};
let datasetId = '';
let conversationId = '';
let runId = '';

test.beforeAll(async ({ request }) => {
  const upload = await request.post('/api/v1/datasets', {
    multipart: { name: 'E2E long chat', file: { name: 'long.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify([chat])) } },
  });
  expect(upload.status()).toBe(201);
  datasetId = ((await upload.json()) as { id: string }).id;
  const started = await request.post('/api/v1/runs', { data: { datasetId, metrics: ['conversation_relevancy'], judge: { kind: 'offline' } } });
  expect(started.status()).toBe(202);
  runId = ((await started.json()) as { id: string }).id;
  await expect
    .poll(async () => ((await (await request.get(`/api/v1/runs/${runId}`)).json()) as { status: string }).status, { timeout: 60_000 })
    .toBe('completed');
  const results = (await (await request.get(`/api/v1/runs/${runId}/results`)).json()) as { items: { conversation: { id: string } }[] };
  conversationId = results.items[0].conversation.id;
});

test.setTimeout(120_000);

test('the dataset page shows 100 turns a page, with pages to walk', async ({ page }) => {
  await page.goto(`/datasets/${datasetId}/conversations/${conversationId}`);
  await expect(page.getByText('250 turns · showing 1–100')).toBeVisible();
  const turns = page.getByRole('list', { name: 'Conversation turns' });
  await expect(turns.getByText('message number 100', { exact: true })).toBeVisible();
  await expect(page.getByText('message number 101', { exact: true })).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Pages of turns' }).first().getByRole('link', { name: 'Next →' }).click();
  await expect(page.getByText('Page 2 of 3').first()).toBeVisible();
  await expect(turns.getByText('message number 101', { exact: true })).toBeVisible();
  await expect(turns.getByText('turn 101', { exact: true })).toBeVisible();
  await saveScreen(page, 'long-conversation-dataset', { fullPage: false });
});

test('a run page opens the page of the turn a link names', async ({ page }) => {
  await page.goto(`/runs/${runId}/conversations/${conversationId}?turn=149#turn-149`);
  await expect(page.getByText('Page 2 of 3').first()).toBeVisible();
  await expect(page.getByTestId('turn-149')).toBeVisible();
  await expect(page.getByTestId('turn-99')).toHaveCount(0);
  await expect(page.getByTestId('turn-100')).toBeVisible();
  await saveScreen(page, 'long-conversation-run', { fullPage: false });
});
