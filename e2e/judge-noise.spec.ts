import { expect, test } from '@playwright/test';
import { addJudgeConnection, deleteJudgeConnection } from './fixtures/judge-connection';
import { requestSchemaName, startJudgeServer, type ChatCompletionBody, type JudgeServer } from '../tests/helpers/judge-server';
import { saveScreen } from './fixtures/screens';

/* A run with three samples per item against a judge that alternates on one reply: the run page marks that turn unstable. */

const JUDGE = 'noisy-judge';
let judge: JudgeServer;
/** The reply the relevance step asks about, from the JSON input block of its prompt. */
const assistantMessageOf = (body: ChatCompletionBody): string => {
  const block = /Input:\n```json\n([\s\S]*?)\n```/.exec(body.messages.map((m) => m.content).join('\n'));
  return block ? (JSON.parse(block[1]) as { assistantMessage: string }).assistantMessage : '';
};
const asked = new Map<string, number>();

test.beforeAll(async ({ browser }) => {
  judge = await startJudgeServer({
    handler: (body) => {
      if (requestSchemaName(body) !== 'conversation_relevancy_relevance') return { content: JSON.stringify({ reason: 'Mostly on topic.' }) };
      const assistantMessage = assistantMessageOf(body);
      const n = asked.get(assistantMessage) ?? 0;
      asked.set(assistantMessage, n + 1);
      const verdict = assistantMessage.includes('maybe') && n % 2 === 1 ? 'no' : 'yes';
      return { content: JSON.stringify({ verdict, reason: verdict === 'yes' ? 'Answers it.' : 'Misses it.' }) };
    },
  });
  await addJudgeConnection(browser, { name: JUDGE, baseUrl: judge.url, apiKey: 'sk-e2e-noise', models: 'gpt-4.1' });
});

test.afterAll(async ({ browser }) => {
  await deleteJudgeConnection(browser, JUDGE);
  await judge?.close();
});

test('three samples per item mark the turn a noisy judge alternates on as unstable', async ({ page }) => {
  const chats = [
    { name: 'steady', turns: [{ role: 'user', content: 'Where is parcel 1?' }, { role: 'assistant', content: 'Parcel 1 is at the depot.' }] },
    { name: 'unsure', turns: [{ role: 'user', content: 'Where is parcel 2?' }, { role: 'assistant', content: 'Parcel 2 is maybe somewhere.' }] },
  ];
  const params = new URLSearchParams({ name: 'E2E judge noise', fileName: 'noise.json' });
  const imported = await page.request.post(`/api/datasets/import?${params}`, { data: Buffer.from(JSON.stringify(chats)) });
  const { datasetId } = (await imported.json()) as { datasetId: string };
  await page.goto(`/runs/new?dataset=${datasetId}`);
  await page.getByRole('checkbox', { name: 'Knowledge retention', exact: true }).uncheck();
  await page.getByLabel('Judge', { exact: true }).selectOption(JUDGE);
  // The scripted judge answers relevancy only: the conversation-wide metrics an LLM judge is offered go.
  for (const metric of ['Conversation completeness', 'Goal accuracy']) await page.getByRole('checkbox', { name: metric, exact: true }).uncheck();
  await page.getByLabel('Samples per item').fill('3');
  await expect(page.getByLabel('Judge temperature')).toHaveValue('0.7');
  await page.getByRole('button', { name: 'Start run' }).click();
  await expect(page).toHaveURL(/\/runs\/(?!new)[^/?]+$/);
  await expect(page.getByTestId('run-progress')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await page.reload();
  await expect(page.getByTestId('unstable-turns')).toContainText('1 per-turn verdict is unstable');
  const cells = page.locator('#verdict-map a[data-unstable="true"]');
  await expect(cells).toHaveCount(1);
  await expect(cells.first()).toHaveAttribute('title', /Turn 2 \(assistant\): passed.*unstable: Conversation relevancy 67% of samples/);
  // The table keeps only the conversation with an unstable verdict.
  await page.getByRole('checkbox', { name: 'Unstable only' }).check();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('table-summary')).toHaveText(/^1 conversation with an unstable verdict/);
  await expect(page.locator('#conversations').getByRole('link', { name: 'unsure' })).toBeVisible();
  await expect(page.locator('#conversations').getByRole('link', { name: 'steady' })).toHaveCount(0);
  await page.locator('#verdict-map').scrollIntoViewIfNeeded();
  await saveScreen(page, 'judge-noise');
});
