import { expect, test } from '@playwright/test';
import { saveScreen } from './fixtures/screens';

/*
 * A conversation of 250 turns shows a page of 100 turns at a time, on the dataset's page and on
 * a run's page, and a link to one turn opens the page that holds it. Its long chatbot role,
 * scenario and tool call are shown cut, each with "Show all".
 */

const TURNS = 250;
const ROLE_END = 'Last of all: thank them by name.';
const ROLE = `You are the support bot. ${'Follow the refund policy. '.repeat(1900)}`.slice(0, 49_000 - ROLE_END.length) + ROLE_END;
const SCENARIO = `A customer asks for a refund. ${'They bought it online. '.repeat(900)}`.slice(0, 19_000);
const chat = {
  name: 'E2E long chat',
  chatbot_role: ROLE,
  scenario: SCENARIO,
  turns: Array.from({ length: TURNS }, (_, i) => ({
    role: i % 2 ? 'assistant' : 'user',
    content: `message number ${i + 1}`,
    ...(i === 1 ? { tools_called: [{ name: 'lookup_order', input_parameters: { query: 'order '.repeat(2000) } }] } : {}),
  })),
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

test('long fields and tool calls show their start, and "Show all" loads the rest', async ({ page }) => {
  await page.goto(`/datasets/${datasetId}/conversations/${conversationId}`);
  const role = page.getByTestId('field-chatbotRole');
  await expect(role.getByRole('button', { name: 'Show all 48 KB' })).toBeVisible();
  await expect(role).not.toContainText(ROLE_END);
  await expect(page.getByTestId('field-scenario').getByRole('button', { name: /^Show all 19 KB$/ })).toBeVisible();
  await saveScreen(page, 'long-fields-dataset', { fullPage: false });
  await role.getByRole('button', { name: 'Show all 48 KB' }).click();
  await expect(role).toContainText(ROLE_END);
  await expect(role.getByRole('button')).toHaveCount(0);

  const tools = page.getByRole('list', { name: 'Conversation turns' }).locator('details', { hasText: 'Tools called (1)' });
  await tools.locator('summary').click();
  await expect(tools.getByRole('button', { name: /^Show all 12 KB$/ })).toBeVisible();
  await saveScreen(tools, 'long-tool-call');
  await tools.getByRole('button', { name: /^Show all 12 KB$/ }).click();
  await expect(tools).toContainText('order "');

  await page.goto(`/runs/${runId}/conversations/${conversationId}`);
  await expect(page.getByTestId('field-chatbotRole').getByRole('button', { name: 'Show all 48 KB' })).toBeVisible();
  await saveScreen(page, 'long-fields-run', { fullPage: false });
});

test('a run page opens the page of the turn a link names', async ({ page }) => {
  await page.goto(`/runs/${runId}/conversations/${conversationId}?turn=149#turn-149`);
  await expect(page.getByText('Page 2 of 3').first()).toBeVisible();
  await expect(page.getByTestId('turn-149')).toBeVisible();
  await expect(page.getByTestId('turn-99')).toHaveCount(0);
  await expect(page.getByTestId('turn-100')).toBeVisible();
  await saveScreen(page, 'long-conversation-run', { fullPage: false });
});
