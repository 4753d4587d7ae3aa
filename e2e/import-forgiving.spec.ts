import { expect, type Page, test } from '@playwright/test';
import { saveScreen } from './fixtures/screens';

/*
 * Imports that forgive real files, in the browser: a CSV whose role column says agent_1/agent_2
 * (role values mapped in the column mapper, then remembered for the next file with the same
 * columns), a JSON file whose messages say Customer/Support (mapped the same way), and a JSONL
 * whose last line was cut off (imported without it, on request).
 */

const csv = (conversations: number, prefix: string) =>
  Buffer.from(
    [
      'chat_id,speaker,utterance,knowledge',
      ...Array.from({ length: conversations }, (_, i) => [`${prefix}${i},agent_1,Where is parcel ${i}?,`, `${prefix}${i},agent_2,Parcel ${i} arrives tomorrow.,Parcels ship daily`]).flat(),
    ].join('\n'),
  );

async function choose(page: Page, name: string, buffer: Buffer, mimeType = 'text/csv') {
  await page.goto('/datasets/new');
  await page.getByLabel('Dataset file').setInputFiles({ name, mimeType, buffer });
}

test('map a CSV’s own role values, import it, and find the mapping offered for the next file with the same columns', async ({ page }) => {
  await choose(page, 'agents.csv', csv(12, 'a'));
  await expect(page.getByLabel('Field for column speaker')).toHaveValue('role');
  // The column is guessed from its name; the sample is its first non-empty cell, not the first row's.
  await expect(page.getByLabel('Field for column knowledge')).toHaveValue('retrievalContext');
  await expect(page.getByRole('row', { name: /knowledge/ })).toContainText('Parcels ship daily');

  // The guess is applied before anything is counted: no error per row while it stands.
  const roles = page.getByRole('region', { name: 'Role values' });
  await expect(roles.getByLabel('Role of agent_1')).toHaveValue('user');
  await expect(roles.getByLabel('Role of agent_2')).toHaveValue('assistant');
  await expect(page.getByTestId('conversation-count')).toHaveText('12');
  await expect(page.getByRole('region', { name: 'Problems' })).toHaveCount(0);
  await saveScreen(page, 'import-role-values');
  // The guess is only a start: swap it, then put it back as it should be.
  await roles.getByLabel('Role of agent_1').selectOption('assistant');
  await roles.getByLabel('Role of agent_2').selectOption('user');
  await roles.getByRole('button', { name: 'Apply role values' }).click();
  await expect(page.getByRole('region', { name: 'Preview' }).getByText('assistant').first()).toBeVisible();
  await roles.getByLabel('Role of agent_1').selectOption('user');
  await roles.getByLabel('Role of agent_2').selectOption('assistant');
  await roles.getByRole('button', { name: 'Apply role values' }).click();
  await expect(page.getByRole('region', { name: 'Problems' })).toHaveCount(0);
  await expect(page.getByTestId('conversation-count')).toHaveText('12');
  await page.getByRole('textbox', { name: 'Name' }).fill('E2E agents v1');
  await page.getByRole('button', { name: 'Import 12 conversations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'E2E agents v1' })).toBeVisible();

  // The next version of the file: same columns, so the mapping and role values come back.
  await choose(page, 'agents-v2.csv', csv(5, 'b'));
  await expect(page.getByTestId('remembered-mapping')).toContainText('Using the mapping saved for these columns on');
  await expect(page.getByTestId('conversation-count')).toHaveText('5');
  await expect(page.getByRole('region', { name: 'Problems' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Role values' }).getByLabel('Role of agent_1')).toHaveValue('user');
  await saveScreen(page, 'import-remembered');
});

test('map a JSON file’s own role names (Customer, Support) and import it', async ({ page }) => {
  const chats = Array.from({ length: 11 }, (_, i) => ({
    id: `shop-${i}`,
    messages: [
      { role: 'Customer', content: `Can I return order ${i}?` },
      { role: 'Support', content: `Yes, order ${i} can be returned within 30 days.` },
      { role: 'Customer', content: 'Thanks!' },
      { role: 'Support', content: 'You are welcome.' },
    ],
  }));
  await choose(page, 'shop-chats.json', Buffer.from(JSON.stringify(chats)), 'application/json');
  const roles = page.getByRole('region', { name: 'Role values' });
  await expect(roles.getByLabel('Role of Customer')).toHaveValue('user');
  await expect(roles.getByLabel('Role of Support')).toHaveValue('assistant');
  await expect(page.getByTestId('conversation-count')).toHaveText('11');
  await expect(page.getByRole('region', { name: 'Problems' })).toHaveCount(0);

  // The guess is only a start: swap the sides and the preview reads the file with the swap; then put it back.
  const firstQuestion = page.getByRole('region', { name: 'Preview' }).locator('li[data-role]').filter({ hasText: 'Can I return order 0?' });
  await expect(firstQuestion).toHaveAttribute('data-role', 'user');
  await roles.getByLabel('Role of Customer').selectOption('assistant');
  await roles.getByLabel('Role of Support').selectOption('user');
  await roles.getByRole('button', { name: 'Apply role values' }).click();
  await expect(firstQuestion).toHaveAttribute('data-role', 'assistant');
  await roles.getByLabel('Role of Customer').selectOption('user');
  await roles.getByLabel('Role of Support').selectOption('assistant');
  await roles.getByRole('button', { name: 'Apply role values' }).click();
  await expect(firstQuestion).toHaveAttribute('data-role', 'user');
  await saveScreen(page, 'import-json-role-values');
  await expect(page.getByTestId('conversation-count')).toHaveText('11');
  await expect(page.getByRole('region', { name: 'Problems' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Name' }).fill('E2E shop chats');
  await page.getByRole('button', { name: 'Import 11 conversations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'E2E shop chats' })).toBeVisible();
  // Stored with Customer as the user: the first user message is the customer's question.
  await expect(page.getByRole('row', { name: /shop-0/ })).toContainText('Can I return order 0?');
  await expect(page.getByText('11 conversations · 44 turns')).toBeVisible();
});

test('a JSONL with a cut-off last line: nothing imports until invalid rows are skipped; the dataset notes the skipped line', async ({ page }) => {
  const good = Array.from({ length: 9 }, (_, i) => JSON.stringify({ name: `cut ${i}`, turns: [{ role: 'user', content: `Question ${i}?` }, { role: 'assistant', content: `Answer ${i}.` }] }));
  await choose(page, 'cut.jsonl', Buffer.from([...good, '{"name": "cut 9", "turns": [{"role": "user", "content": "Quest'].join('\n')), 'application/jsonl');
  await expect(page.getByTestId('conversation-count')).toHaveText('9');
  await expect(page.getByRole('region', { name: 'Problems' }).getByText('1 line has an error')).toBeVisible();
  const importButton = page.getByRole('button', { name: /^Import/ });
  await expect(importButton).toBeDisabled();
  await page.getByRole('checkbox', { name: /Skip invalid rows/ }).check();
  await page.getByRole('textbox', { name: 'Name' }).fill('E2E cut JSONL');
  await page.getByRole('button', { name: 'Import 9 conversations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'E2E cut JSONL' })).toBeVisible();
  const note = page.getByTestId('skipped-lines');
  await expect(note).toContainText('1 line of the file was skipped');
  await note.locator('summary').click();
  await expect(note).toContainText('Line 10');
  await saveScreen(page, 'import-skipped');
});
