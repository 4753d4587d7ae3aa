import { expect, test } from '@playwright/test';
import { saveScreen } from './fixtures/screens';

/*
 * Dataset search reads every turn: a word said once, by the assistant, deep in a long
 * conversation, is found, shown highlighted, and one click lands on that turn.
 */

test('a word from one late assistant reply is found, highlighted, and opens its turn', async ({ page }) => {
  const turns = Array.from({ length: 160 }, (_, i) => ({
    role: i % 2 ? 'assistant' : 'user',
    content: i === 151 ? 'Your parcel waits at the Quillfeather depot until Friday.' : i % 2 ? `Reply number ${i}.` : `Question number ${i}?`,
  }));
  const conversations = [
    { name: 'Short chat', turns: [{ role: 'user', content: 'Hello' }, { role: 'assistant', content: 'Hi, how can I help?' }] },
    { name: 'Long chat', turns },
  ];
  const params = new URLSearchParams({ name: 'E2E search', fileName: 'search.json' });
  const imported = await page.request.post(`/api/datasets/import?${params}`, { data: Buffer.from(JSON.stringify(conversations)) });
  expect(imported.status(), await imported.text()).toBe(201);
  const { datasetId } = (await imported.json()) as { datasetId: string };

  await page.goto(`/datasets/${datasetId}`);
  await page.getByRole('searchbox', { name: 'Search conversations' }).fill('quillfeath');
  await page.getByRole('button', { name: 'Search' }).click();
  const matches = page.getByTestId('turn-matches');
  await expect(page.getByRole('heading', { name: '1 turn mentions “quillfeath”' })).toBeVisible();
  await expect(matches.getByRole('listitem')).toHaveCount(1);
  await expect(matches).toContainText('Long chat · turn 152 · assistant');
  await expect(matches.locator('mark')).toHaveText('Quillfeather');
  await saveScreen(page, 'search-results');
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreen(page, 'search-results-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // "number" is in 159 turns (all but the one with the depot): the best 25 are listed, with the count of all.
  const search = page.getByRole('searchbox', { name: 'Search conversations' });
  await search.fill('number');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { name: 'The 25 best of 159 turns that mention “number”: add a word to narrow them' })).toBeVisible();
  await expect(matches.getByRole('listitem')).toHaveCount(25);
  await search.fill('quillfeath');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(matches.getByRole('listitem')).toHaveCount(1);

  await matches.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/datasets/${datasetId}/conversations/[^?]+\\?turn=151#turn-151$`));
  const turn = page.locator('#turn-151');
  await expect(turn).toBeInViewport();
  await expect(turn).toContainText('Quillfeather depot');
});
