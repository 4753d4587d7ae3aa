import { expect, test } from '@playwright/test';
import { saveScreen } from './fixtures/screens';


const weather = { name: 'get_weather', description: 'Weather for a city', input_parameters: { city: 'string' } };
const line = JSON.stringify({
  id: 'topics-e2e',
  name: 'Travel desk with tools',
  chatbot_role: 'A travel assistant',
  relevant_topics: ['travel bookings', 'weather at the destination'],
  available_tools: [weather, { name: 'book_flight', description: 'Books a flight' }],
  turns: [
    { role: 'user', content: 'Will it rain in Oslo tomorrow?' },
    { role: 'assistant', content: 'Light rain is expected.', tools_called: [{ name: 'get_weather', input_parameters: { city: 'Oslo' } }], expected_tools: [{ name: 'get_weather', input_parameters: { city: 'Oslo' } }] },
    { role: 'user', content: 'Any stock tips?' },
    { role: 'assistant', content: 'I can only help with travel.' },
  ],
});

test("a conversation's relevant topics, available tools and expected tools are shown, and topic adherence is offered", async ({ page }) => {
  await page.goto('/datasets/new');
  await page.getByLabel('Dataset file').setInputFiles({ name: 'topics.jsonl', mimeType: 'application/json', buffer: Buffer.from(`${line}\n`) });
  await page.getByRole('textbox', { name: 'Name' }).fill('E2E topics and tools');
  await page.getByRole('button', { name: /^Import 1 conversation$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'E2E topics and tools' })).toBeVisible();

  await page.getByRole('link', { name: 'Travel desk with tools' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Travel desk with tools' })).toBeVisible();
  const topics = page.getByRole('list', { name: 'Relevant topics' });
  await expect(topics.getByRole('listitem')).toHaveText(['travel bookings', 'weather at the destination']);
  await expect(page.getByText('Available tools (2)')).toBeVisible();
  await expect(page.getByText('"book_flight"')).toBeVisible();
  await page.getByText('Expected tools (1)').click();
  await expect(page.getByText('"city": "Oslo"').last()).toBeVisible();
  await saveScreen(page, 'dataset-conversation-topics-tools');

  // The new-run form: the dataset has relevant_topics, so topic adherence applies to its conversation.
  await page.getByRole('link', { name: 'E2E topics and tools' }).click();
  await page.getByRole('link', { name: 'New run' }).click();
  await expect(page.getByRole('heading', { name: 'New run' })).toBeVisible();
  await expect(page.locator('#metric-topic_adherence-applies')).toHaveText('Applies to 1 of 1 conversations');
});

test('the new-run form offers topic adherence on a dataset without relevant topics once topics are given', async ({ page }) => {
  await page.goto('/datasets');
  await page.getByRole('link', { name: 'Demo: support and onboarding conversations' }).first().click();
  await page.getByRole('link', { name: 'New run' }).click();
  await expect(page.getByRole('heading', { name: 'New run' })).toBeVisible();
  await expect(page.locator('#metric-topic_adherence-applies')).toHaveText('No conversation has relevant_topics: give the relevant topics below to score every conversation');
  const box = page.getByRole('checkbox', { name: 'Topic adherence', exact: true });
  await expect(box).not.toBeChecked();
  await box.check();
  await page.getByLabel('Relevant topics').fill('museum visits\ntickets');
  await expect(page.locator('#metric-topic_adherence-applies')).toHaveText('Applies to 6 of 6 conversations (the relevant topics below stand in where a conversation has none of its own)');
  await expect(page.getByTestId('metric-topic_adherence-needs-llm-judge')).toBeVisible();
  await page.locator('#metric-topic_adherence-applies').scrollIntoViewIfNeeded();
  await saveScreen(page, 'new-run-topic-adherence');
});
