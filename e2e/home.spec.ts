import { expect, test } from '@playwright/test';

test('a first visit shows the demo run with every metric scored', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Latest runs' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Demo: support and onboarding conversations' });
  await expect(row).toBeVisible();
  await expect(row.getByText('completed', { exact: true })).toBeVisible();
  for (const metric of ['Knowledge retention', 'Turn faithfulness', 'Conversation relevancy', 'Contextual recall', 'Context coverage']) {
    await expect(row.getByText(`${metric}:`)).toBeVisible();
  }
  await row.getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: /Run on/ })).toBeVisible();
  await expect(page.getByText('Bank account opening').first()).toBeVisible();
});
