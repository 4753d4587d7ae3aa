import { expect, test, type Page } from '@playwright/test';
import { addJudgeConnection, deleteJudgeConnection } from './fixtures/judge-connection';
import { promptText, requestSchemaName, startJudgeServer, type ChatCompletionBody, type HandlerResult, type JudgeServer } from '../tests/helpers/judge-server';
import { saveScreen } from './fixtures/screens';

/*
 * Custom metrics as a user makes them: a conversation-scope and a turn-scope metric written on
 * the Metrics page (steps written by the judge, tried on a conversation, saved, edited into a new
 * version), run on a dataset from the new-run form against a scripted OpenAI-compatible judge
 * whose logprobs weigh the scores, read on the run and conversation pages, and compared between
 * two runs that used different versions.
 */

const JUDGE = 'custom-metrics-judge';
const DATASET = 'E2E custom metrics: refunds';
const STEPS = ['Find when the customer bought the item.', 'Check that a refund is offered only within 30 days of purchase.'];
const ln = Math.log;

/** The reply's score token with its alternatives: deepeval weighs the score by their probabilities. */
const withLogprobs = (score: number, reason: string, extra: Record<string, unknown>, alternatives: [string, number][]): HandlerResult => ({
  content: JSON.stringify({ score, reason, ...extra }),
  logprobs: [
    { token: '{"', top: [] },
    { token: 'score', top: [] },
    { token: '":', top: [] },
    { token: String(score), top: alternatives.map(([token, p]) => ({ token, logprob: ln(p) })) },
  ],
});

function answer(body: ChatCompletionBody): HandlerResult {
  const step = requestSchemaName(body);
  const text = promptText(body);
  if (step === 'g_eval_steps') return { content: JSON.stringify({ steps: STEPS }) };
  if (step === 'g_eval_conversation') {
    // 2 at 0.5, 3 at 0.3, 1 at 0.2: 2.1 of 10. 8 at 0.6, 9 at 0.4: 8.4.
    return text.includes('refunded you in full')
      ? withLogprobs(2, 'It refunds 45 days after purchase, against the 30-day policy.', { turns: [{ turn: 2, reason: 'Refund outside the 30 days.' }] }, [['2', 0.5], ['3', 0.3], ['1', 0.2]])
      : withLogprobs(8, 'It follows the refund policy.', { turns: [] }, [['8', 0.6], ['9', 0.4]]);
  }
  if (step === 'g_eval_turn') {
    const judged = text.slice(text.lastIndexOf('Turn to evaluate:'));
    return judged.includes('yourself')
      ? withLogprobs(1, 'Tells the customer to sort it out alone.', {}, [['1', 0.7], ['0', 0.3]])
      : withLogprobs(9, 'Polite and helpful.', {}, [['9', 0.8], ['8', 0.2]]);
  }
  if (step === 'reason') return { content: JSON.stringify({ reason: 'The politeness of the replies sets the score.' }) };
  return { status: 500, headers: { 'x-should-retry': 'false' }, body: { error: { message: `no scripted answer for ${step}` } } };
}

let judge: JudgeServer;

test.setTimeout(180_000);

test.beforeAll(async ({ browser }) => {
  judge = await startJudgeServer({ handler: (body) => answer(body) });
  await addJudgeConnection(browser, { name: JUDGE, baseUrl: judge.url, apiKey: 'sk-e2e-custom-metrics', models: 'gpt-4.1' });
  const page = await browser.newPage();

  const conversations = [
    { name: 'late refund', turns: [{ role: 'user', content: 'I bought the kettle 45 days ago. Refund please.' }, { role: 'assistant', content: 'Of course, I have refunded you in full.' }] },
    { name: 'early refund', turns: [{ role: 'user', content: 'I bought the kettle 10 days ago. Refund please.' }, { role: 'assistant', content: 'Yes: within 30 days you get a full refund.' }] },
    {
      name: 'curt reply',
      turns: [
        { role: 'user', content: 'How do I return the kettle?' },
        { role: 'assistant', content: 'Figure it out yourself.' },
        { role: 'user', content: 'Please?' },
        { role: 'assistant', content: 'Sorry: bring it to any shop with the receipt within 30 days.' },
      ],
    },
  ];
  const params = new URLSearchParams({ name: DATASET, fileName: 'refunds.json' });
  const response = await page.request.post(`/api/datasets/import?${params}`, { data: Buffer.from(JSON.stringify(conversations)) });
  expect(response.status()).toBe(201);
  await page.close();
});

test.afterAll(async ({ browser }) => {
  await deleteJudgeConnection(browser, JUDGE);
  await judge?.close();
});

async function writeMetric(page: Page, fill: () => Promise<void>) {
  await page.goto('/metrics');
  await page.getByRole('link', { name: 'New metric' }).click();
  await expect(page.getByRole('heading', { name: 'New metric' })).toBeVisible();
  await page.locator('#metric-judge').selectOption(JUDGE);
  await fill();
}

async function startRun(page: Page, label: string): Promise<string> {
  await page.goto('/datasets');
  await page.getByRole('link', { name: DATASET }).first().click();
  await page.getByRole('link', { name: 'New run' }).click();
  await page.getByLabel('Judge', { exact: true }).selectOption(JUDGE);
  // Only the two custom metrics: every built-in one this dataset has the data for is offered checked.
  for (const builtIn of ['Knowledge retention', 'Conversation relevancy', 'Conversation completeness', 'Goal accuracy']) {
    await page.getByRole('checkbox', { name: builtIn, exact: true }).uncheck();
  }
  // Custom metrics are offered unselected (each costs judge calls), with what they apply to.
  const refund = page.getByRole('checkbox', { name: 'Refund policy', exact: true });
  const tone = page.getByRole('checkbox', { name: 'Polite tone', exact: true });
  await expect(refund).not.toBeChecked();
  await refund.check();
  await tone.check();
  for (const name of ['Refund policy', 'Polite tone']) {
    const group = page.getByRole('group', { name, exact: true });
    await expect(group).toContainText('Applies to 3 of 3 conversations');
    await expect(group).toContainText(/custom · v\d/);
  }
  await page.getByLabel('Model version under test').fill(label);
  await expect(page.getByTestId('preview-items')).toHaveText('6');
  await page.getByRole('button', { name: 'Start run' }).click();
  await expect(page).toHaveURL(/\/runs\/(?!new)[^/?]+$/);
  await expect(page.getByTestId('run-progress')).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  return /\/runs\/([^/?]+)$/.exec(page.url())![1];
}

test('custom metrics written in the browser run, show per turn, and compare across versions', async ({ page }) => {
  // A conversation-scope metric: steps written by the judge, tried on a conversation, saved.
  await writeMetric(page, async () => {
    await page.getByLabel('Name', { exact: true }).fill('refund_policy');
    await page.getByLabel('Criteria', { exact: true }).fill('The assistant offers a refund only within 30 days of purchase.');
    await page.getByRole('button', { name: 'Write steps from criteria' }).click();
    await expect(page.getByLabel('Evaluation steps', { exact: true })).toHaveValue(STEPS.join('\n'));
    await page.getByRole('button', { name: 'Try on this conversation' }).click();
    const trial = page.getByLabel('Trial result');
    // The logprob-weighted score: 2.1 of 10.
    await expect(trial).toContainText('Score 0.21 fails');
    await expect(trial).toContainText('Turn 2: Refund outside the 30 days.');
    await saveScreen(page, 'custom-metric-trial');
    await page.getByRole('button', { name: 'Save metric' }).click();
  });
  await expect(page).toHaveURL(/\/metrics\/refund_policy\?saved=1$/);
  await expect(page.getByText('Saved as version 1.')).toBeVisible();

  // A turn-scope metric: its steps written when it is saved.
  await writeMetric(page, async () => {
    await page.getByLabel('Name', { exact: true }).fill('polite_tone');
    await page.getByRole('radio', { name: /Each assistant turn/ }).check();
    await page.getByLabel('Criteria', { exact: true }).fill('Each reply is polite and helps the customer.');
    await page.getByLabel('Window size', { exact: true }).fill('1');
    await page.getByRole('button', { name: 'Save metric' }).click();
  });
  await expect(page).toHaveURL(/\/metrics\/polite_tone\?saved=1$/);
  await expect(page.getByRole('region', { name: 'Versions' })).toContainText('Evaluation steps (written by the judge)');

  // An edit is a new version; the list shows the newest.
  await page.goto('/metrics/refund_policy');
  await page.getByLabel('Threshold', { exact: true }).fill('0.6');
  await page.getByRole('button', { name: 'Save as version 2' }).click();
  await expect(page.getByText('Saved as version 2.')).toBeVisible();
  await page.goto('/metrics');
  await expect(page.getByRole('row', { name: /Refund policy.*whole conversation.*v2/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Polite tone.*each assistant turn.*v1/ })).toBeVisible();
  await saveScreen(page, 'metrics-list');

  const first = await startRun(page, 'support-bot v1');
  // Cards and histograms for both custom metrics, like the built-in ones.
  for (const title of ['Refund policy', 'Polite tone']) await expect(page.getByRole('heading', { name: title, exact: true }).first()).toBeVisible();
  await saveScreen(page, 'custom-metrics-run');

  // The conversation view: the steps, the judge's weighted score, and the turn that cost points.
  await page.goto(`/runs/${first}`);
  await page.getByRole('link', { name: 'late refund' }).first().click();
  await expect(page.getByText('Evaluation steps').first()).toBeVisible();
  await expect(page.getByText('weighted by the judge’s token probabilities: 2.10')).toBeVisible();
  await page.goto(`/runs/${first}`);
  await page.getByRole('link', { name: 'curt reply' }).first().click();
  // Turn scope: (1·0.7 + 0·0.3) / 10 = 0.07 for the curt reply, (9·0.8 + 8·0.2) / 10 = 0.88 for the apology.
  await expect(page.getByText(/turn 2 · score 0\.07/)).toBeVisible();
  await expect(page.getByText(/turn 4 · score 0\.88/)).toBeVisible();
  await saveScreen(page, 'custom-metrics-conversation');

  // New criteria, version 3, a second run, and a comparison that says the versions differ.
  await page.goto('/metrics/refund_policy');
  await page.getByLabel('Criteria', { exact: true }).fill('The assistant offers a refund only within 30 days of purchase, and says why.');
  await page.getByLabel('Evaluation steps', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Save as version 3' }).click();
  await expect(page.getByText('Saved as version 3.')).toBeVisible();
  const second = await startRun(page, 'support-bot v2');

  await page.goto(`/compare?baseline=${first}&candidate=${second}`);
  await expect(page.getByRole('note').filter({ hasText: 'Refund policy: the baseline used version 2' })).toContainText('version 3');
  await expect(page.locator('tr[data-metric="refund_policy"]')).toContainText('v2 → v3');
  await expect(page.locator('tr[data-metric="polite_tone"]')).toBeVisible();
  await saveScreen(page, 'custom-metrics-compare');
});
