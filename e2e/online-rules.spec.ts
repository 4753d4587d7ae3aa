import { expect, test } from '@playwright/test';
import { createDbClient } from '../lib/db/client';
import { currentE2EServer } from './e2e-servers';
import { attr, genAiChatAttributes, spanExport } from '../tests/helpers/otlp-json';
import { saveScreen } from './fixtures/screens';

/*
 * Online evaluation in the dashboard: production spans land in a live dataset (stored as the
 * OTLP receiver stores them; the server's worker decodes them), their conversations have been
 * quiet for an hour, a rule made in the form scores them, and the day's run appears.
 */

const db = createDbClient(currentE2EServer().databaseUrl);
test.afterAll(async () => db.$disconnect());

test('an online rule made in the dashboard scores closed production conversations into the day run', async ({ page }) => {
  test.setTimeout(120_000);
  let span = 0;
  for (const conversation of ['order-17', 'refund-4']) {
    for (const turn of [1, 2]) {
      span++;
      const attributes = [...genAiChatAttributes(conversation, `Where is ${conversation}, question ${turn}?`, `${conversation} ships tomorrow (answer ${turn}).`), attr('app.model_version', 'v7')];
      const body = Buffer.from(JSON.stringify(spanExport('e2e-shop', [{ traceId: `e2e${span}`.padEnd(32, '0'), spanId: `e2e${span}`.padEnd(16, '0'), start: Date.now() + span, attributes }])));
      await db.otlpBatch.create({ data: { projectId: 'default', signal: 'traces', encoding: 'json', body, byteSize: body.byteLength } });
    }
  }
  await expect.poll(async () => db.conversation.count({ where: { dataset: { sourceFormat: 'otlp' }, turnCount: 4 } }), { timeout: 30_000 }).toBe(2);
  // An hour without new spans: both conversations are closed.
  await db.conversation.updateMany({ where: { dataset: { sourceFormat: 'otlp' } }, data: { lastActivityAt: new Date(Date.now() - 3_600_000) } });

  await page.goto('/datasets');
  await expect(page.locator('a[href="/online"]').first()).toBeVisible();
  // From the live dataset's page (other specs may have made other live datasets): the form starts with it ticked.
  await page.getByRole('link', { name: 'Live: e2e-shop' }).first().click();
  await page.getByRole('link', { name: 'Evaluate online' }).click();
  const form = page.getByRole('form', { name: 'New rule' });
  await form.getByLabel('Name').fill('Shop production');
  await expect(form.getByRole('checkbox', { name: 'Live: e2e-shop' })).toBeChecked();
  await form.getByRole('checkbox', { name: 'Conversation relevancy' }).check();
  await form.getByRole('combobox', { name: 'Judge' }).selectOption('offline');
  await form.getByLabel('Model version attribute').fill('app.model_version');
  await form.getByLabel('Sample rate (%)').fill('150');
  await form.getByRole('button', { name: 'Create rule' }).click();
  await expect(form.getByText('Sample rate is at most 100 %').first()).toBeVisible();
  await form.getByLabel('Sample rate (%)').fill('100');
  await form.getByRole('button', { name: 'Create rule' }).click();

  await expect(page.getByRole('heading', { name: /Shop production/ })).toBeVisible();
  const today = new Date().toISOString().slice(0, 10);
  // The worker's online step runs every 2 s here (TURNWISE_ONLINE_POLL_MS in scripts/test/e2e-server.sh).
  // The day's run appears with the first conversation scored; the page is read again until both are.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('row', { name: new RegExp(`${today} v7 2 2 / 2`) })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  await saveScreen(page, 'online-rule');

  await page.getByRole('link', { name: today }).click();
  await expect(page.getByRole('heading', { name: /Online: Shop production/ })).toBeVisible();
  await expect(page.getByText(/Model version v7/)).toBeVisible();
  await saveScreen(page, 'online-day-run');

  // Pausing shows on the list.
  await page.goBack();
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
  await page.goto('/online');
  await expect(page.getByRole('row', { name: /Shop production/ }).getByText('Paused')).toBeVisible();
  // Its day's dataset carries a badge that leads back to the rule.
  await page.goto('/datasets');
  const badge = page.getByRole('row', { name: /Online: Shop production/ }).first().getByRole('link', { name: 'Online evaluation' });
  await expect(badge).toHaveAttribute('href', /^\/online\/[^/]+$/);
});

test('a live dataset is saved as a fixed dataset of its conversations as they are now', async ({ page }) => {
  await page.goto('/datasets');
  await page.getByRole('link', { name: 'Live: e2e-shop' }).first().click();
  const form = page.getByRole('form', { name: 'Save as a fixed dataset' });
  await form.getByLabel('Name of the fixed dataset').fill('e2e-shop as of today');
  await form.getByRole('button', { name: 'Save as fixed dataset' }).click();
  await expect(page.getByRole('heading', { name: 'e2e-shop as of today' })).toBeVisible();
  await expect(page.getByText(/2 conversations · 8 turns · OpenTelemetry \(fixed copy of live conversations\)/)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Save as a fixed dataset' })).toHaveCount(0);
  await saveScreen(page, 'live-snapshot');
});
