import { expect, test, type Page } from '@playwright/test';
import { saveScreen } from './fixtures/screens';

/*
 * Two people review the same per-turn verdicts in the conversation view, from the keyboard: the
 * run page then shows how far the judge agrees with each, and their agreement with each other
 * (Cohen's κ), with the figures the API gives.
 */

const DATASET = 'E2E review: parcels';
const REVIEWER = { email: 'reviewer@e2e.test', password: 'reviewer password' };

async function signInAs(page: Page, email: string, password: string) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** Opens each conversation of the run and presses, for its reply, the button chosen for it. */
async function review(page: Page, runId: string, choices: ('Agree' | 'Disagree')[]) {
  for (const [i, choice] of choices.entries()) {
    await page.goto(`/runs/${runId}`);
    await page.getByRole('link', { name: `parcel ${i + 1}` }).first().click();
    const button = page.getByRole('button', { name: new RegExp(`^${choice} with the judge: Conversation relevancy on turn 2$`) });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  }
}

test('two reviewers label the same turns and see their agreement with each other', async ({ page, browser }) => {
  // Three runs' worth of pages in two sessions: above a minute on two busy cores.
  test.setTimeout(120_000);
  const conversations = [
    { name: 'parcel 1', q: 'Where is parcel 1?', a: 'Parcel 1 is at the depot.' },
    { name: 'parcel 2', q: 'Where is parcel 2?', a: 'Parcel 2 arrives tomorrow morning.' },
    { name: 'parcel 3', q: 'Why is parcel 3 late?', a: 'Bananas are rich in potassium.' },
  ].map((c) => ({ name: c.name, turns: [{ role: 'user', content: c.q }, { role: 'assistant', content: c.a }] }));
  const params = new URLSearchParams({ name: DATASET, fileName: 'review.json' });
  const imported = await page.request.post(`/api/datasets/import?${params}`, { data: Buffer.from(JSON.stringify(conversations)) });
  expect(imported.status()).toBe(201);
  const { datasetId } = (await imported.json()) as { datasetId: string };
  const started = await page.request.post('/api/v1/runs', { data: { datasetId, metrics: ['conversation_relevancy'], judge: { kind: 'offline' } } });
  const { id: runId } = (await started.json()) as { id: string };
  await page.goto(`/runs/${runId}`);
  await expect(page.getByTestId('run-progress')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });

  // The judge passes the two answers and fails the banana.
  const judged: string[] = [];
  for (let i = 1; i <= 3; i++) {
    await page.goto(`/runs/${runId}`);
    await page.getByRole('link', { name: `parcel ${i}` }).first().click();
    judged.push((await page.getByTestId('verdict-1-conversation_relevancy').getAttribute('data-verdict')) ?? '');
  }
  expect(judged).toEqual(['yes', 'yes', 'no']);

  // The admin walks the review queue (a random sample) and agrees throughout.
  await page.goto(`/runs/${runId}`);
  await page.getByRole('link', { name: 'Review verdicts →' }).click();
  await expect(page.getByTestId('review-progress')).toContainText('You reviewed 0 of 3 turns');
  await page.getByRole('link', { name: 'Start reviewing' }).click();
  for (let i = 0; i < 3; i++) {
    const agree = page.getByRole('button', { name: 'Agree with the judge: Conversation relevancy on turn 2', exact: true });
    await agree.focus();
    await page.keyboard.press('Enter');
    await expect(agree).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('review-queue-progress')).toContainText(`${i + 1} of 3 done`);
    if (i < 2) {
      const here = page.url();
      await page.getByRole('link', { name: 'Next to review →' }).click();
      await page.waitForURL((url) => url.toString() !== here);
    }
  }
  await expect(page.getByRole('navigation', { name: 'Review queue' })).toContainText('All reviewed');
  await saveScreen(page, 'review-queue');
  // A second reviewer disagrees on parcel 2 and says why.
  await page.goto('/admin/users');
  const form = page.getByRole('form', { name: 'Add a user' });
  await form.getByLabel('Name').fill('Rita Reviewer');
  await form.getByLabel('Email').fill(REVIEWER.email);
  await form.getByLabel('Password').fill(REVIEWER.password);
  await form.getByRole('button', { name: 'Add user' }).click();
  await expect(page.getByText(`Added ${REVIEWER.email}.`)).toBeVisible();

  const reviewer = await browser.newPage({ storageState: { cookies: [], origins: [] } });
  await signInAs(reviewer, REVIEWER.email, REVIEWER.password);
  await review(reviewer, runId, ['Agree', 'Disagree', 'Agree']);
  const note = reviewer.getByRole('textbox', { name: 'Note: Conversation relevancy on turn 2' });
  await reviewer.goto(`/runs/${runId}`);
  await reviewer.getByRole('link', { name: 'parcel 2' }).first().click();
  await note.fill('It never says where the parcel is.');
  await note.press('Enter');
  await expect(reviewer.getByTestId('review-1-conversation_relevancy')).toContainText('1 other review');
  await saveScreen(reviewer, 'review-controls');

  // By hand: admin [pass, pass, fail], reviewer [pass, fail, fail]: observed 2/3, chance 4/9, κ = (2/9) / (5/9) = 0.40.
  const api = (await (await page.request.get(`/api/v1/runs/${runId}/agreement`)).json()) as {
    metrics: { conversation_relevancy: { betweenReviewers: { kappa: number; raters: number; items: number; method: string }; reviewers: Record<string, { n: number }> } };
  };
  const between = api.metrics.conversation_relevancy.betweenReviewers;
  expect(between).toMatchObject({ raters: 2, items: 3, method: 'cohen' });
  expect(between.kappa).toBeCloseTo(0.4, 12);
  expect(Object.keys(api.metrics.conversation_relevancy.reviewers).sort()).toEqual(['admin@e2e.test', REVIEWER.email]);

  for (const viewer of [page, reviewer]) {
    await viewer.goto(`/runs/${runId}`);
    await expect(viewer.getByTestId('between-reviewers-conversation_relevancy')).toHaveText(
      'Cohen’s κ 0.40 between 2 reviewers on 3 turns labelled twice or more: the most a judge can be expected to reach.',
    );
  }
  const card = page.getByTestId('agreement-conversation_relevancy');
  await expect(card).toContainText(`Judge vs ${REVIEWER.email}`);
  await expect(card).toContainText('1 turn where reviewers split evenly is left out');
  await page.getByTestId('agreement-conversation_relevancy').scrollIntoViewIfNeeded();
  await saveScreen(page, 'review-agreement');
  await reviewer.close();

  // A second run of the same dataset: compare shows both judges against the same labels.
  const again = await page.request.post('/api/v1/runs', { data: { datasetId, metrics: ['conversation_relevancy'], judge: { kind: 'offline' }, modelVersion: 'second look' } });
  const { id: secondId } = (await again.json()) as { id: string };
  await page.goto(`/runs/${secondId}`);
  await expect(page.getByTestId('run-progress')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await page.goto(`/compare?baseline=${runId}&candidate=${secondId}`);
  const row = page.getByRole('region', { name: 'Agreement with people' }).locator('tr[data-metric="conversation_relevancy"]');
  // The same judge on the same turns: the same κ, and no run named as agreeing more.
  await expect(row).toContainText('1.00 (2 turns)');
  await expect(row.getByText('agrees most')).toHaveCount(0);

  // The Judges page ranks the dataset's runs by agreement.
  await page.getByRole('link', { name: 'Judges', exact: true }).click();
  await page.getByRole('navigation', { name: 'Datasets' }).getByRole('link', { name: DATASET }).click();
  await expect(page.locator(`tr[data-run="${secondId}"]`)).toContainText('1.00 (2)');
  await saveScreen(page, 'judges');
});
