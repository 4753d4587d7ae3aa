import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';

const fixture = (name: string) => path.join(import.meta.dirname, '..', 'tests', 'fixtures', 'datasets', name);

async function chooseFile(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }) {
  await page.goto('/datasets/new');
  await page.getByLabel('Dataset file').setInputFiles(file);
}

/** Names the dataset, imports it and waits for its page. */
async function importAs(page: Page, name: string, modelVersion?: string) {
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  if (modelVersion) await page.getByRole('textbox', { name: 'Model version (optional)' }).fill(modelVersion);
  await page.getByRole('button', { name: /^Import \d+ conversations?$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(page.url()).toMatch(/\/datasets\/(?!new)[^/?]+$/);
}

const FORMATS = [
  { file: 'deepeval-cases.jsonl', label: 'deepeval JSONL', conversations: 3, turns: 6, shows: 'When do you open on Sunday?' },
  { file: 'deepeval.csv', label: 'deepeval CSV', conversations: 2, turns: 4, shows: 'When will order 55 arrive?' },
  { file: 'openai-chat.jsonl', label: 'OpenAI chat JSONL', conversations: 2, turns: 4, shows: 'Is there a train from York to Leeds after 11pm?' },
  { file: 'sharegpt.json', label: 'ShareGPT JSON', conversations: 2, turns: 6, shows: 'How long do I boil an egg for a runny yolk?' },
  { file: 'mastra-cases.json', label: 'Mastra cases JSON', conversations: 2, turns: 4, shows: 'What is the capital of Australia?' },
];

test.describe('importing a dataset', () => {
  for (const f of FORMATS) {
    test(`${f.file}: detected as ${f.label}, previewed, imported`, async ({ page }) => {
      await chooseFile(page, fixture(f.file));
      await expect(page.getByTestId('detected-format')).toHaveText(f.label);
      await expect(page.getByText('Ready to import')).toBeVisible();
      await expect(page.getByTestId('conversation-count')).toHaveText(String(f.conversations));
      await expect(page.getByTestId('turn-count')).toHaveText(String(f.turns));
      await expect(page.getByRole('region', { name: 'Preview' }).getByText(f.shows).first()).toBeVisible();
      await importAs(page, `E2E ${f.label}`);
      await expect(page.getByText(`${f.conversations} conversations · ${f.turns} turns · ${f.label}`)).toBeVisible();
      await expect(page.getByRole('table').filter({ hasText: 'First user message' }).getByRole('row')).toHaveCount(f.conversations + 1);
    });
  }

  test('a CSV with one row per turn: the column mapping is guessed, edited and applied', async ({ page }) => {
    const csv = 'thread,speaker,utterance,mood\nt1,user,My parcel is late,annoyed\nt1,assistant,It arrives tomorrow,\nt2,user,Can I change my address?,calm\nt2,assistant,"Yes, in your account settings",\n';
    await chooseFile(page, { name: 'chats.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(page.getByTestId('detected-format')).toHaveText('CSV, one row per turn');
    // `thread` is not a name we know: every row lands in one conversation, with a warning.
    await expect(page.getByLabel('Field for column speaker')).toHaveValue('role');
    await expect(page.getByLabel('Field for column utterance')).toHaveValue('content');
    await expect(page.getByLabel('Field for column thread')).toHaveValue('metadata');
    await expect(page.getByTestId('conversation-count')).toHaveText('1');
    await expect(page.getByText('no conversation_id column: all rows form one conversation')).toBeVisible();
    await page.getByLabel('Field for column thread').selectOption('conversationId');
    await page.getByLabel('Field for column mood').selectOption('ignore');
    await page.getByRole('button', { name: 'Apply mapping' }).click();
    await expect(page.getByTestId('conversation-count')).toHaveText('2');
    await expect(page.getByText('no conversation_id column')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Preview' }).getByText('Can I change my address?')).toBeVisible();
    await importAs(page, 'E2E long CSV');
    await expect(page.getByText('2 conversations · 4 turns · CSV, one row per turn')).toBeVisible();
  });

  test('a broken JSON file shows its line and cannot be imported', async ({ page }) => {
    await chooseFile(page, fixture('broken.json'));
    const problems = page.getByRole('region', { name: 'Problems' });
    await expect(problems.getByText('1 line has an error')).toBeVisible();
    const row = problems.getByRole('row').filter({ hasText: 'broken JSON' });
    await expect(row.getByRole('cell').nth(4)).toHaveText('7');
    await expect(row).toContainText("broken JSON at line 7, column 5: expected ',' or '}'");
    await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
    await expect(page.getByText('Fix the errors in the file first')).toBeVisible();
  });

  test('a file of no known format gets one clear message', async ({ page }) => {
    await chooseFile(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('meeting notes\nnothing to see here\n') });
    const alert = page.getByRole('alert').filter({ hasText: 'We cannot read this file.' });
    await expect(alert).toContainText('expected JSON, JSONL or CSV, found text starting with "meeting notes');
    await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  });
});

test('a dataset from import to export, rename and delete', async ({ page }) => {
  await page.goto('/datasets');
  await page.getByRole('link', { name: 'New dataset' }).click();
  await page.getByLabel('Dataset file').setInputFiles(fixture('deepeval-bank-account.json'));
  await expect(page.getByTestId('detected-format')).toHaveText('deepeval JSON');
  await expect(page.getByTestId('turn-count')).toHaveText('25');
  await importAs(page, 'E2E bank account', 'bank-bot 3.1');
  await expect(page.getByText('model version bank-bot 3.1')).toBeVisible();

  // Browse to the conversation.
  await page.getByRole('link', { name: 'Conversation 1' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Conversation 1' })).toBeVisible();
  const turns = page.getByRole('list', { name: 'Conversation turns' });
  await expect(turns.getByText("Sure, it's Alex Johnson. I also have a dog called Jacky.")).toBeVisible();
  await expect(turns.locator('li[data-role="user"]')).toHaveCount(12);
  await expect(turns.locator('li[data-role="assistant"]')).toHaveCount(13);
  await page.getByRole('link', { name: 'E2E bank account' }).click();

  // Export: the download is the dataset.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('group', { name: 'Export' }).getByRole('link', { name: 'JSONL' }).click()]);
  expect(download.suggestedFilename()).toBe('e2e-bank-account.jsonl');
  const lines = readFileSync(await download.path(), 'utf8').trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(JSON.parse(lines[0]).turns).toHaveLength(25);
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('group', { name: 'Export' }).getByRole('link', { name: 'CSV' }).click()]);
  expect(csv.suggestedFilename()).toBe('e2e-bank-account.csv');
  expect(readFileSync(await csv.path(), 'utf8')).toMatch(/^conversation_id,turn_index,role,content,/);

  // Rename.
  await page.getByRole('button', { name: 'Rename' }).click();
  await page.getByRole('textbox', { name: 'New name' }).fill('E2E bank account (renamed)');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'E2E bank account (renamed)' })).toBeVisible();

  // Delete, after confirming.
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete “E2E bank account (renamed)”?' });
  await expect(dialog).toContainText('Its 1 conversation is deleted with it.');
  await dialog.getByRole('button', { name: 'Delete dataset' }).click();
  await expect(page).toHaveURL(/\/datasets$/);
  await expect(page.getByRole('link', { name: 'E2E bank account (renamed)' })).toHaveCount(0);
});

test('deleting a dataset that has runs says how many go with it', async ({ page }) => {
  await page.goto('/datasets');
  await page.getByRole('link', { name: 'Demo: support and onboarding conversations' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('This dataset has 1 run: it is deleted too');
  await expect(dialog.getByRole('button', { name: 'Delete dataset and 1 run' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Demo: support and onboarding conversations' })).toBeVisible();
});

test('markup in a conversation is shown as text, never run', async ({ page }) => {
  const line = JSON.stringify({
    id: 'xss-1',
    name: '<b>bold?</b>',
    turns: [
      { role: 'user', content: '<script>window.__xss = "script"</script>' },
      { role: 'assistant', content: '<img src=x onerror="window.__xss = \'img\'">', retrieval_context: ['<a href="javascript:alert(1)">link</a>'] },
    ],
  });
  await chooseFile(page, { name: 'xss.jsonl', mimeType: 'application/json', buffer: Buffer.from(`${line}\n`) });
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByText('<script>window.__xss = "script"</script>')).toBeVisible();
  await importAs(page, 'E2E markup');
  await page.getByRole('link', { name: '<b>bold?</b>' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '<b>bold?</b>' })).toBeVisible();
  await expect(page.getByText(`<img src=x onerror="window.__xss = 'img'">`)).toBeVisible();
  await page.getByText('Retrieval context (1)').click();
  await expect(page.getByText('<a href="javascript:alert(1)">link</a>')).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.locator('img')).toHaveCount(0);
  await expect(main.locator('script')).toHaveCount(0);
  await expect(main.locator('a[href^="javascript:"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
});

test('the conversation list is searched, sorted and paged on the server', async ({ page }) => {
  const lines = Array.from({ length: 120 }, (_, i) =>
    JSON.stringify({ id: `case-${String(i + 1).padStart(3, '0')}`, turns: [{ role: 'user', content: i === 76 ? 'Where is my refund?' : `Question number ${i + 1}` }, { role: 'assistant', content: 'Answer' }] }),
  );
  await chooseFile(page, { name: 'many.jsonl', mimeType: 'application/json', buffer: Buffer.from(lines.join('\n')) });
  await expect(page.getByTestId('conversation-count')).toHaveText('120');
  await importAs(page, 'E2E many');
  await expect(page.getByText('120 conversations · showing 1–50')).toBeVisible();
  const rows = page.getByRole('table').filter({ hasText: 'First user message' }).getByRole('row');
  await expect(rows).toHaveCount(51);
  await page.getByRole('link', { name: 'Next →' }).click();
  await expect(page.getByText('120 conversations · showing 51–100')).toBeVisible();
  expect(page.url()).toContain('page=2');
  await page.getByRole('searchbox', { name: 'Search conversations' }).fill('refund');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('1 conversation matches “refund”')).toBeVisible();
  await expect(rows.nth(1)).toContainText('case-077');
  await page.getByRole('link', { name: 'Clear' }).click();
  await expect(page.getByText('120 conversations · showing 1–50')).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search conversations' })).toHaveValue('');
  await page.getByRole('link', { name: /^Sort by name/ }).click();
  await expect(page).toHaveURL(/\?sort=name$/);
  await expect(rows.nth(1)).toContainText('case-001');
  // Sorted by name, the header offers the other direction.
  await page.getByRole('link', { name: /^Sort by name.*, descending$/ }).click();
  await expect(page).toHaveURL(/\?sort=name&dir=desc$/);
  await expect(rows.nth(1)).toContainText('case-120');
});

test('an upload larger than 10 MB is stored whole', async ({ page }) => {
  // About 12 MB of JSONL: more than a request body the proxy would buffer (and cut) may hold.
  const filler = 'The order is on its way and arrives within three business days. '.repeat(30);
  const lines = Array.from({ length: 6000 }, (_, i) =>
    JSON.stringify({
      id: `big-${i}`,
      turns: [
        { role: 'user', content: `Where is order ${100000 + i}?` },
        { role: 'assistant', content: `Order ${100000 + i}: ${filler}` },
      ],
    }),
  );
  const body = Buffer.from(`${lines.join('\n')}\n`);
  expect(body.length).toBeGreaterThan(11 * 1024 * 1024);
  const params = new URLSearchParams({ name: 'E2E upload above 10 MB', fileName: 'big.jsonl' });
  const response = await page.request.post(`/api/datasets/import?${params}`, { data: body, timeout: 120_000 });
  expect(response.status(), await response.text()).toBe(201);
  expect(await response.json()).toMatchObject({ ok: true, stats: { conversations: 6000, bytes: body.length } });
});
