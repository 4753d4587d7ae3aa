import { expect, test, type Page } from '@playwright/test';
import { addJudgeConnection, deleteJudgeConnection } from './fixtures/judge-connection';
import { requestSchemaName, startJudgeServer, type JudgeServer } from '../tests/helpers/judge-server';
import { rateLimited } from '../tests/helpers/rate-limited-handler';
import { saveScreen } from './fixtures/screens';

/*
 * A run long enough to watch (about half a minute against a judge that takes 300 ms a call):
 * the run page and the runs list count up in place, once a second, one progress request at a
 * time; cancelling stops the run at once (its judge call in flight is dropped) and it never shows
 * "completed". A run under the judge's rate limit says it runs and counts its calls before its
 * first result is stored.
 */

const JUDGE = 'live-progress-judge';
const DATASET = 'E2E live progress: 40 support chats';

let judge: JudgeServer;
let datasetId: string;
let longDatasetId: string;
// One request a second, announced in x-ratelimit-limit-requests (60 a minute), as OpenAI does.
const limited = rateLimited((body) => ({ content: answer(requestSchemaName(body)) }), { perSecond: 1 });
// The cancelled run's judge answers three conversations (three calls each), then holds the next call
// until the test lets it go: the run is running, with a call in flight, when it is cancelled.
const COLD_ANSWERED = 9;
let coldCalls = 0;
let releaseCold: () => void = () => undefined;
const coldHeld = new Promise<void>((resolve) => (releaseCold = resolve));
const coldJudge = async (body: Parameters<typeof requestSchemaName>[0]) => {
  if (++coldCalls > COLD_ANSWERED) await coldHeld;
  return { content: answer(requestSchemaName(body)) };
};

const answer = (name: string | null): string => {
  if (name?.includes('relevance')) return JSON.stringify({ verdict: 'yes', reason: 'The reply answers the question.' });
  if (name === 'reason') return JSON.stringify({ reason: 'Every reply stays on the question.' });
  throw new Error(`unexpected step ${name}`);
};

test.setTimeout(150_000);

test.beforeAll(async ({ browser }) => {
  judge = await startJudgeServer({
    handler: (body, context) =>
      body.model === 'limited-judge' ? limited.handler(body, context) : body.model === 'cold-judge' ? coldJudge(body) : { content: answer(requestSchemaName(body)) },
    latencyMs: 300,
  });
  await addJudgeConnection(browser, { name: JUDGE, baseUrl: judge.url, apiKey: 'sk-e2e-live-progress', models: 'slow-judge, cold-judge, limited-judge' });
  const page = await browser.newPage();

  const conversations = Array.from({ length: 40 }, (_, i) => ({
    name: `support chat ${i + 1}`,
    turns: [
      { role: 'user', content: `Where is parcel ${5000 + i}?` },
      { role: 'assistant', content: `Parcel ${5000 + i} is in the depot.` },
      { role: 'user', content: `When will parcel ${5000 + i} arrive?` },
      { role: 'assistant', content: `Parcel ${5000 + i} arrives tomorrow.` },
    ],
  }));
  const params = new URLSearchParams({ name: DATASET, fileName: 'live.json' });
  const response = await page.request.post(`/api/datasets/import?${params}`, { data: Buffer.from(JSON.stringify(conversations)) });
  expect(response.status()).toBe(201);
  datasetId = ((await response.json()) as { datasetId: string }).datasetId;
  // Nine judge calls a conversation (eight exchanges and the reason): at one call a second, seconds before the first result.
  const long = Array.from({ length: 3 }, (_, i) => ({
    name: `long chat ${i + 1}`,
    turns: Array.from({ length: 8 }, (_, j) => [
      { role: 'user', content: `Question ${j + 1} about order ${700 + i}?` },
      { role: 'assistant', content: `Answer ${j + 1} about order ${700 + i}.` },
    ]).flat(),
  }));
  const longParams = new URLSearchParams({ name: `${DATASET} (long)`, fileName: 'long.json' });
  const longResponse = await page.request.post(`/api/datasets/import?${longParams}`, { data: Buffer.from(JSON.stringify(long)) });
  expect(longResponse.status()).toBe(201);
  longDatasetId = ((await longResponse.json()) as { datasetId: string }).datasetId;
  await page.close();
});

test.afterAll(async ({ browser }) => {
  releaseCold();
  await deleteJudgeConnection(browser, JUDGE);
  await judge?.close();
});

/** Each test asks its own model: replies another test cached would make its run instant. */
async function startRun(page: Page, model: string, dataset = datasetId): Promise<string> {
  const response = await page.request.post('/api/v1/runs', {
    data: { datasetId: dataset, metrics: ['conversation_relevancy'], judge: { kind: 'openai', name: JUDGE, model }, concurrency: 1 },
  });
  expect(response.status(), await response.text()).toBe(202);
  return ((await response.json()) as { id: string }).id;
}

/** Counts progress requests in flight at once, and full-page (RSC) refreshes. */
function watchRequests(page: Page) {
  const seen = { progress: 0, inFlight: 0, maxInFlight: 0, pageRefreshes: 0 };
  page.on('request', (request) => {
    const url = request.url();
    if (url.includes('/api/runs/progress')) {
      seen.progress++;
      seen.inFlight++;
      seen.maxInFlight = Math.max(seen.maxInFlight, seen.inFlight);
    } else if (request.headers()['rsc'] === '1' && !request.headers()['next-router-prefetch']) seen.pageRefreshes++;
  });
  const done = (request: { url(): string }) => {
    if (request.url().includes('/api/runs/progress')) seen.inFlight--;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return seen;
}

test('the run page and the runs list count up in place while a 20 s run goes on', async ({ page, browser }) => {
  const runId = await startRun(page, 'slow-judge');
  const requests = watchRequests(page);
  await page.goto(`/runs/${runId}`);
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  const list = await browser.newPage();
  await list.goto('/runs');
  const row = list.getByRole('row').filter({ has: list.locator(`a[href="/runs/${runId}"]`) });

  const bar = page.getByRole('progressbar', { name: 'Results scored' });
  const counts: number[] = [];
  const listCounts = new Set<string>();
  await expect
    .poll(
      async () => {
        const now = Number(await bar.getAttribute('aria-valuenow'));
        if (counts.at(-1) !== now) counts.push(now);
        listCounts.add((await row.getByTestId('run-row-count').textContent()) ?? '');
        return page.getByTestId('run-progress').getAttribute('data-status');
      },
      { timeout: 120_000, intervals: [250] },
    )
    .toBe('completed');

  // Counted up in front of the user: at least ten rises, never down.
  expect(counts.length - 1).toBeGreaterThanOrEqual(10);
  expect([...counts].sort((a, b) => a - b)).toEqual(counts);
  await expect(page.getByTestId('run-progress-count')).toHaveText('40 / 40 results · 100%');
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  // One small request a second, never two at once; the page itself refreshed only when the run ended.
  expect(requests.progress).toBeGreaterThanOrEqual(15);
  expect(requests.maxInFlight).toBe(1);
  expect(requests.pageRefreshes).toBeLessThanOrEqual(2);
  // The charts and tables caught up once the run ended.
  await expect(page.getByRole('button', { name: 'Cancel run' })).toHaveCount(0);
  await expect(page.getByTestId('run-progress-live')).toContainText('Took');
  await saveScreen(page, 'live-progress-done');

  expect(listCounts.size).toBeGreaterThanOrEqual(5);
  await expect(row.getByTestId('run-row-count')).toHaveText('40/40');
  await expect(row.getByText('Completed')).toBeVisible();
  await list.close();
});

test('cancel stops a running run at once, dropping its judge call in flight; it stays cancelled and keeps what was scored', async ({ page }) => {
  const runId = await startRun(page, 'cold-judge');
  await page.goto(`/runs/${runId}`);
  const bar = page.getByRole('progressbar', { name: 'Results scored' });
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  // The judge holds the run's next call: the run is running with a call in flight.
  await expect.poll(() => coldCalls, { timeout: 30_000 }).toBe(COLD_ANSWERED + 1);
  await expect(page.getByRole('heading', { level: 1 }).getByText('running', { exact: true })).toBeVisible();
  await saveScreen(page, 'live-progress-running');

  const abortedBefore = judge.aborted;
  await page.getByRole('button', { name: 'Cancel run' }).click();
  await page.getByRole('button', { name: 'Yes, cancel run' }).click();
  // What the user sees (the live badge and progress) says cancelled; the page's panels catch up after.
  await expect(page.getByTestId('run-progress-live')).toHaveAttribute('data-status', 'cancelled');
  await expect(page.getByRole('heading', { level: 1 }).getByText('cancelled', { exact: true })).toBeVisible();
  await expect(page.getByTestId('run-progress')).toHaveAttribute('data-status', 'cancelled');

  // The worker drops the call in flight (the judge sees its client hang up) and asks nothing more.
  await expect.poll(() => judge.aborted, { timeout: 15_000 }).toBe(abortedBefore + 1);
  const asked = coldCalls;
  releaseCold();
  await page.reload();
  const kept = Number(await bar.getAttribute('aria-valuenow'));
  const run = (await (await page.request.get(`/api/v1/runs/${runId}`)).json()) as { status: string };
  expect(run.status).toBe('cancelled');
  await page.reload();
  await expect(page.getByTestId('run-progress')).toHaveAttribute('data-status', 'cancelled');
  expect(Number(await bar.getAttribute('aria-valuenow'))).toBe(kept);
  expect(coldCalls).toBe(asked);
  expect(kept).toBeGreaterThanOrEqual(2);
  expect(kept).toBeLessThan(40);
});

test('a run under the rate limit says running, counts its judge calls before the first result and shows the limit it learnt', async ({ page }) => {
  const runId = await startRun(page, 'limited-judge', longDatasetId);
  await page.goto(`/runs/${runId}`);
  const bar = page.getByRole('progressbar', { name: 'Results scored' });
  const calls = page.getByTestId('run-progress-calls');
  await expect(page.getByRole('heading', { level: 1 }).getByText('running', { exact: true })).toBeVisible();

  // Sampled together: calls counted while no result is stored yet, and rising.
  const callsBeforeFirstResult = new Set<number>();
  await expect
    .poll(
      async () => {
        const [done, text] = await Promise.all([bar.getAttribute('aria-valuenow'), calls.textContent()]);
        const made = Number(/^[\d,]+/.exec(text ?? '')?.[0].replace(/,/g, '') ?? 0);
        if (Number(done) === 0 && made > 0) callsBeforeFirstResult.add(made);
        return callsBeforeFirstResult.size;
      },
      { timeout: 20_000, intervals: [250] },
    )
    .toBeGreaterThanOrEqual(2);
  await expect(calls).toContainText('pending');
  await expect(page.getByTestId('run-progress-rate-limit')).toContainText('60 requests/min');
  await expect(page.getByTestId('run-progress-time')).toHaveText(/estimating…|about/);
  await saveScreen(page, 'live-progress-rate-limited');

  await page.getByRole('button', { name: 'Cancel run' }).click();
  await page.getByRole('button', { name: 'Yes, cancel run' }).click();
  await expect(page.getByTestId('run-progress')).toHaveAttribute('data-status', 'cancelled');
});
