import { expect, test } from '@playwright/test';
import { addJudgeConnection, deleteJudgeConnection } from './fixtures/judge-connection';
import { promptText, requestSchemaName, startJudgeServer, type JudgeServer } from '../tests/helpers/judge-server';
import { saveScreen } from './fixtures/screens';

/*
 * A simulated-user replay started from the dashboard: one local scripted server is both the
 * target (it answers every message) and the judge connection that plays the user, who meets
 * the goal in one conversation, gives up in another and chats on to the bound in the third.
 */

const JUDGE = 'user-player';
let server: JudgeServer;
let answers = 0;
let datasetId = '';

test.beforeAll(async ({ browser }) => {
  server = await startJudgeServer({
    handler: (body) => {
      if (requestSchemaName(body) !== 'replay_simulate_user') return { content: `Model answer ${++answers} to: ${body.messages.at(-1)?.content ?? ''}` };
      const prompt = promptText(body);
      const verdict = prompt.includes('refund')
        ? { status: 'goal_met', message: 'Thanks, that is all.', reason: 'the refund was confirmed' }
        : prompt.includes('cancel')
          ? { status: 'goal_failed', message: 'Forget it.', reason: 'the assistant could not cancel' }
          : { status: 'continue', message: 'Tell me more.', reason: 'still chatting' };
      return { content: JSON.stringify(verdict) };
    },
  });
  await addJudgeConnection(browser, { name: JUDGE, baseUrl: server.url, apiKey: 'sk-e2e-simulated', models: 'gpt-4.1' });
});

test.afterAll(async ({ browser }) => {
  await deleteJudgeConnection(browser, JUDGE);
  await server?.close();
});

test('a simulated-user replay started from the dashboard shows how the conversations ended', async ({ page }) => {
  const goldens = {
    goldens: [
      { name: 'refund', scenario: 'A customer wants a refund for order 42', expected_outcome: 'The refund is confirmed', turns: [{ role: 'user', content: 'I want a refund' }, { role: 'assistant', content: 'Which order?' }] },
      { name: 'cancel', scenario: 'A customer wants to cancel a subscription', expected_outcome: 'The subscription is cancelled', turns: [{ role: 'user', content: 'Cancel my plan' }, { role: 'assistant', content: 'Sure.' }] },
      { name: 'chat', scenario: 'A chatty customer who never stops', turns: [{ role: 'user', content: 'Hello' }, { role: 'assistant', content: 'Hi!' }] },
    ],
  };
  const params = new URLSearchParams({ name: 'E2E simulated user', fileName: 'goldens.json' });
  const imported = await page.request.post(`/api/datasets/import?${params}`, { data: Buffer.from(JSON.stringify(goldens)) });
  ({ datasetId } = (await imported.json()) as { datasetId: string });

  await page.goto(`/replays/new?dataset=${datasetId}`);
  await page.getByRole('textbox', { name: 'Base URL' }).fill(server.url);
  await page.getByLabel('Model', { exact: true }).fill('support-bot-3');
  await page.getByLabel('New model version').fill('support-bot v3');
  await page.getByRole('radio', { name: /Simulated user/ }).check();
  await page.getByLabel('Exchanges at most').fill('3');
  await expect(page.getByLabel('Judge playing the user')).toHaveValue(JUDGE);
  // At most 3 exchanges for each of the 3 conversations.
  await expect(page.getByTestId('estimate-target-calls')).toHaveText('9');
  await page.getByRole('button', { name: 'Start replay' }).click();
  await expect(page).toHaveURL(/\/replays\/(?!new)[^/?]+$/);

  await expect(page.getByTestId('replay-progress')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  // Goal met · failed · max turns: the refund and the cancel end after one exchange, the chat at the bound.
  await expect(page.getByTestId('replay-simulation-outcomes')).toHaveText('1 · 1 · 1');
  await expect(page.getByTestId('replay-progress-count')).toHaveAttribute('data-done', '5');
  await saveScreen(page, 'replay-simulated');
});

test('samples per turn: the replay page shows how much the generations of a turn differ', async ({ page }) => {
  test.skip(!datasetId, 'needs the dataset of the test before');
  await page.goto(`/replays/new?dataset=${datasetId}`);
  await page.getByRole('textbox', { name: 'Base URL' }).fill(server.url);
  await page.getByLabel('Model', { exact: true }).fill('support-bot-3');
  await page.getByLabel('New model version').fill('support-bot v3 samples');
  await page.getByLabel('Samples per turn').fill('3');
  // Three recorded replies, three generations each.
  await expect(page.getByTestId('estimate-target-calls')).toHaveText('9');
  await page.getByRole('button', { name: 'Start replay' }).click();
  await expect(page).toHaveURL(/\/replays\/(?!new)[^/?]+$/);
  await expect(page.getByTestId('replay-progress')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await expect(page.getByTestId('replay-samples-summary')).toContainText('3 of 3 turns differ between samples');
  await expect(page.getByTestId('replay-samples').getByText('Sample 3')).toHaveCount(3);
  await saveScreen(page, 'replay-samples');
});
