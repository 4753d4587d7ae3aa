import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/*
 * Every page and API route that names a record answers 404 when the record does not exist,
 * with the page's own "not found" or the API's error shape. The list of routes is checked
 * against app/ so that a new route needs a line here.
 */

const MISSING = 'no-such-id';

type Known = { runId: string; datasetId: string };
type Case = { route: string; url: (k: Known) => string; method?: 'GET' | 'POST'; data?: (k: Known) => unknown };

const PAGES: Case[] = [
  { route: 'runs/[id]/page.tsx', url: () => `/runs/${MISSING}` },
  { route: 'runs/[id]/conversations/[conversationId]/page.tsx', url: () => `/runs/${MISSING}/conversations/${MISSING}` },
  { route: 'runs/[id]/conversations/[conversationId]/page.tsx', url: (k) => `/runs/${k.runId}/conversations/${MISSING}` },
  { route: 'runs/new/page.tsx', url: () => `/runs/new?dataset=${MISSING}` },
  { route: 'datasets/[id]/page.tsx', url: () => `/datasets/${MISSING}` },
  { route: 'datasets/[id]/conversations/[conversationId]/page.tsx', url: () => `/datasets/${MISSING}/conversations/${MISSING}` },
  { route: 'datasets/[id]/conversations/[conversationId]/page.tsx', url: (k) => `/datasets/${k.datasetId}/conversations/${MISSING}` },
  { route: 'trends/[datasetId]/page.tsx', url: () => `/trends/${MISSING}` },
  { route: 'compare/page.tsx', url: () => `/compare?baseline=${MISSING}` },
  { route: 'compare/page.tsx', url: (k) => `/compare?baseline=${k.runId}&candidate=${MISSING}` },
  { route: 'metrics/[name]/page.tsx', url: () => `/metrics/${MISSING}` },
  { route: 'judges/page.tsx', url: () => `/judges?dataset=${MISSING}` },
  { route: 'runs/[id]/review/page.tsx', url: () => `/runs/${MISSING}/review` },
  { route: 'compare/conversation/page.tsx', url: (k) => `/compare/conversation?baseline=${MISSING}&candidate=${k.runId}&key=x` },
  { route: 'replays/[id]/page.tsx', url: () => `/replays/${MISSING}` },
  { route: 'replays/new/page.tsx', url: () => `/replays/new?dataset=${MISSING}` },
  { route: 'online/[id]/page.tsx', url: () => `/online/${MISSING}` },
  { route: 'schedules/[id]/page.tsx', url: () => `/schedules/${MISSING}` },
  { route: 'schedules/new/page.tsx', url: () => `/schedules/new?kind=run&dataset=${MISSING}` },
  { route: 'schedules/new/page.tsx', url: () => `/schedules/new?kind=replay&dataset=${MISSING}` },
  { route: 'alerts/[id]/page.tsx', url: () => `/alerts/${MISSING}` },
];

const replayOf = (datasetId: string) => ({
  datasetId,
  target: { kind: 'openai', baseUrl: 'http://127.0.0.1:9/v1', model: 'm' },
  mode: 'teacher-forced',
  modelVersion: 'v2',
});

const API: Case[] = [
  { route: 'api/v1/runs/[id]/route.ts', url: () => `/api/v1/runs/${MISSING}` },
  { route: 'api/v1/runs/[id]/results/route.ts', url: () => `/api/v1/runs/${MISSING}/results` },
  { route: 'api/v1/runs/[id]/export/route.ts', url: () => `/api/v1/runs/${MISSING}/export` },
  { route: 'api/v1/runs/route.ts', url: () => '/api/v1/runs', method: 'POST', data: () => ({ datasetId: MISSING, metrics: ['knowledge_retention'], judge: { kind: 'offline' } }) },
  { route: 'api/v1/compare/route.ts', url: (k) => `/api/v1/compare?baseline=${k.runId}&candidate=${MISSING}` },
  { route: 'api/runs/[id]/export/route.ts', url: () => `/api/runs/${MISSING}/export` },
  { route: 'api/datasets/[id]/export/route.ts', url: () => `/api/datasets/${MISSING}/export` },
  { route: 'api/v1/runs/[id]/retry-errored/route.ts', url: () => `/api/v1/runs/${MISSING}/retry-errored`, method: 'POST' },
  { route: 'api/v1/runs/[id]/agreement/route.ts', url: () => `/api/v1/runs/${MISSING}/agreement` },
  { route: 'api/v1/metrics/[name]/route.ts', url: () => `/api/v1/metrics/${MISSING}` },
  { route: 'api/v1/runs/[id]/cancel/route.ts', url: () => `/api/v1/runs/${MISSING}/cancel`, method: 'POST' },
  { route: 'api/v1/replays/route.ts', url: () => '/api/v1/replays', method: 'POST', data: () => replayOf(MISSING) },
  { route: 'api/v1/replays/estimate/route.ts', url: () => '/api/v1/replays/estimate', method: 'POST', data: () => replayOf(MISSING) },
  { route: 'api/v1/replays/[id]/route.ts', url: () => `/api/v1/replays/${MISSING}` },
  { route: 'api/v1/replays/[id]/cancel/route.ts', url: () => `/api/v1/replays/${MISSING}/cancel`, method: 'POST' },
  { route: 'api/v1/replays/[id]/retry/route.ts', url: () => `/api/v1/replays/${MISSING}/retry`, method: 'POST' },
  { route: 'api/v1/replays/[id]/rescore/route.ts', url: () => `/api/v1/replays/${MISSING}/rescore`, method: 'POST' },
  { route: 'api/replays/[id]/progress/route.ts', url: () => `/api/replays/${MISSING}/progress` },
  { route: 'api/v1/online-rules/[id]/route.ts', url: () => `/api/v1/online-rules/${MISSING}` },
  { route: 'api/v1/alerts/[id]/route.ts', url: () => `/api/v1/alerts/${MISSING}` },
  { route: 'api/v1/alerts/[id]/test/route.ts', url: () => `/api/v1/alerts/${MISSING}/test`, method: 'POST' },
];

// Routes that name no record: nothing can be missing.
const WITHOUT_IDS = [
  'page.tsx',
  'datasets/page.tsx',
  'datasets/new/page.tsx',
  'runs/page.tsx',
  'replays/page.tsx',
  'online/page.tsx',
  'schedules/page.tsx',
  // Its dataset parameter only ticks a box of the form: an unknown one ticks none.
  'online/new/page.tsx',
  // A rule names its live datasets in its body: an unknown one is a field error (400), tested in tests/online-eval.test.ts.
  'api/v1/online-rules/route.ts',
  'alerts/page.tsx',
  'alerts/new/page.tsx',
  // A rule names its dataset, online rule and baseline in its body: an unknown one is a field error (400).
  'api/v1/alerts/route.ts',
  'trends/page.tsx',
  'api/v1/datasets/route.ts',
  'api/v1/metrics/route.ts',
  'metrics/page.tsx',
  'metrics/new/page.tsx',
  'api/v1/openapi.json/route.ts',
  'api/datasets/import/route.ts',
  'sign-in/page.tsx',
  'setup/page.tsx',
  'denied/page.tsx',
  'settings/api-keys/page.tsx',
  'settings/page.tsx',
  'admin/projects/page.tsx',
  'admin/users/page.tsx',
  'settings/connections/page.tsx',
  'admin/audit/page.tsx',
  'admin/redaction/page.tsx',
  'api/auth/[...all]/route.ts',
  'api/otel/v1/traces/route.ts',
  'api/otel/v1/logs/route.ts',
  // Answers the runs it knows among those asked about; an unknown id is simply not in the list.
  'api/runs/progress/route.ts',
  // A test_run file names no stored record.
  'api/v1/runs/import/route.ts',
  // deepeval's client's routes answer in its own envelope ({ success: false, error }), not this walk's:
  // an unknown run, dataset alias, rule or thread is a 404 there, tested in tests/deepeval-*.test.ts.
  'api/deepeval/v1/[...path]/route.ts',
  'api/deepeval/v1/datasets/[alias]/route.ts',
  'api/deepeval/v1/datasets/[alias]/versions/route.ts',
  'api/deepeval/v1/evaluate/threads/[threadId]/route.ts',
  'api/deepeval/v1/test-run/route.ts',
  'api/deepeval/v1/traces/route.ts',
];

/** A project's pages (app/p/[project]/…) are listed as the short paths of "default" they also answer at. */
const projectPagesAtTop = (prefix: string) => (prefix === 'p/[project]/' ? '' : prefix);

function routeFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? routeFiles(path.join(dir, e.name), projectPagesAtTop(`${prefix}${e.name}/`)) : /^(page\.tsx|route\.ts)$/.test(e.name) ? [`${prefix}${e.name}`] : [],
  );
}

async function known(page: Page): Promise<Known> {
  await page.goto('/runs');
  const runHref = await page.locator('a[href^="/runs/"]:not([href="/runs/new"])').first().getAttribute('href');
  await page.goto('/datasets');
  const datasetHref = await page.locator('a[href^="/datasets/"]:not([href="/datasets/new"])').first().getAttribute('href');
  const runId = /^\/runs\/([^/?#]+)/.exec(runHref ?? '')?.[1];
  const datasetId = /^\/datasets\/([^/?#]+)/.exec(datasetHref ?? '')?.[1];
  expect(runId && datasetId, 'the seeded demo run and dataset').toBeTruthy();
  return { runId: runId!, datasetId: datasetId! };
}

const send = (request: APIRequestContext, c: Case, k: Known) =>
  c.method === 'POST' ? request.post(c.url(k), { data: c.data?.(k) }) : request.get(c.url(k), { maxRedirects: 0 });

test('every page and API route that names a record is in this walk', () => {
  const files = routeFiles(path.join(import.meta.dirname, '..', 'app')).sort();
  const covered = new Set([...PAGES, ...API].map((c) => c.route).concat(WITHOUT_IDS));
  expect(files.filter((f) => !covered.has(f))).toEqual([]);
});

test('an unknown id answers 404 on every page, with the page of its section', async ({ page, request }) => {
  const k = await known(page);
  for (const c of PAGES) {
    const response = await send(request, c, k);
    expect(response.status(), c.url(k)).toBe(404);
    expect(await response.text(), c.url(k)).toMatch(/404/);
  }
  // What a person sees: the section's own notice with a way on.
  await page.goto(`/runs/${k.runId}/conversations/${MISSING}`);
  await expect(page.getByRole('heading', { name: 'No such run or conversation' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'All runs' })).toBeVisible();
  // The known records themselves still answer 200.
  for (const url of [`/runs/${k.runId}`, `/datasets/${k.datasetId}`, `/trends/${k.datasetId}`]) {
    expect((await request.get(url)).status(), url).toBe(200);
  }
});

test('an unknown id answers 404 on every API route, in the API error shape', async ({ page, request }) => {
  const k = await known(page);
  for (const c of API) {
    const response = await send(request, c, k);
    expect(response.status(), c.url(k)).toBe(404);
    const body = await response.json();
    expect(body, c.url(k)).toEqual({ error: expect.objectContaining({ code: 'NOT_FOUND', message: expect.stringContaining(MISSING) }) });
  }
});
