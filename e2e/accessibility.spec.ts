import { readdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createDbClient } from '../lib/db/client';
import { currentE2EServer } from './e2e-servers';
import { saveRunWithCli } from './fixtures/save-run';
import { saveScreen } from './fixtures/screens';

/*
 * An accessibility scan (axe: WCAG 2 A and AA, text contrast included) of every page, in the
 * light theme and in the dark one. The list below is checked against app/ so that a new page
 * needs a line here.
 */

type Known = { datasetId: string; conversationId: string; runId: string; candidateId: string; compareKey: string; metric: string; replayId: string; onlineRuleId: string; liveDatasetId: string; scheduleId: string; alertId: string };

const PAGES: Record<string, (k: Known) => string> = {
  'page.tsx': () => '/',
  'datasets/page.tsx': () => '/datasets',
  'datasets/new/page.tsx': () => '/datasets/new',
  'datasets/[id]/page.tsx': (k) => `/datasets/${k.datasetId}`,
  'datasets/[id]/conversations/[conversationId]/page.tsx': (k) => `/datasets/${k.datasetId}/conversations/${k.conversationId}`,
  'runs/page.tsx': () => '/runs',
  'runs/new/page.tsx': (k) => `/runs/new?dataset=${k.datasetId}`,
  'runs/[id]/page.tsx': (k) => `/runs/${k.runId}`,
  'runs/[id]/conversations/[conversationId]/page.tsx': (k) => `/runs/${k.runId}/conversations/${k.conversationId}`,
  'runs/[id]/review/page.tsx': (k) => `/runs/${k.runId}/review`,
  'compare/page.tsx': (k) => `/compare?baseline=${k.runId}&candidate=${k.candidateId}`,
  'compare/conversation/page.tsx': (k) => `/compare/conversation?baseline=${k.runId}&candidate=${k.candidateId}&key=${encodeURIComponent(k.compareKey)}`,
  'replays/page.tsx': () => '/replays',
  'replays/new/page.tsx': (k) => `/replays/new?dataset=${k.datasetId}&run=${k.runId}`,
  'replays/[id]/page.tsx': (k) => `/replays/${k.replayId}`,
  'online/page.tsx': () => '/online',
  'online/new/page.tsx': () => '/online/new',
  'online/[id]/page.tsx': (k) => `/online/${k.onlineRuleId}`,
  'schedules/page.tsx': () => '/schedules',
  'schedules/new/page.tsx': (k) => `/schedules/new?kind=run&dataset=${k.datasetId}`,
  'schedules/[id]/page.tsx': (k) => `/schedules/${k.scheduleId}`,
  'alerts/page.tsx': () => '/alerts',
  'alerts/new/page.tsx': () => '/alerts/new',
  'alerts/[id]/page.tsx': (k) => `/alerts/${k.alertId}`,
  'trends/page.tsx': () => '/trends',
  'trends/[datasetId]/page.tsx': (k) => `/trends/${k.datasetId}`,
  'metrics/page.tsx': () => '/metrics',
  'metrics/new/page.tsx': () => '/metrics/new',
  'metrics/[name]/page.tsx': (k) => `/metrics/${k.metric}`,
  'judges/page.tsx': () => '/judges',
  'settings/api-keys/page.tsx': () => '/settings/api-keys',
  'admin/users/page.tsx': () => '/admin/users',
  'settings/connections/page.tsx': () => '/settings/connections',
  'settings/page.tsx': () => '/settings',
  'admin/projects/page.tsx': () => '/admin/projects',
  'admin/audit/page.tsx': () => '/admin/audit',
  'admin/redaction/page.tsx': () => '/admin/redaction',
  'denied/page.tsx': () => '/denied',
};
// Pages only a signed-out visitor sees (the setup page redirects once an admin exists).
const SIGNED_OUT = { 'sign-in/page.tsx': '/sign-in', 'setup/page.tsx': '/sign-in' };
// Pages a signed-in visitor reaches through a link, in their other states.
const EXTRA: ((k: Known) => string)[] = [
  () => '/runs/new',
  () => '/compare',
  (k) => `/runs/${k.runId}?failed=1&bmode=share`,
  (k) => `/datasets/${k.datasetId}?q=account`,
  // A live dataset's page: its redaction and retention settings.
  (k) => `/datasets/${k.liveDatasetId}`,
  () => '/schedules/new',
  (k) => `/schedules/new?kind=replay&dataset=${k.datasetId}`,
  (k) => `/compare/conversation?baseline=${k.runId}&candidate=${k.candidateId}&key=${encodeURIComponent(k.compareKey)}&changed=1`,
];

function pageFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? pageFiles(path.join(dir, e.name), prefix === '' && e.name === 'p' ? 'p/' : prefix === 'p/' ? '' : `${prefix}${e.name}/`) : e.name === 'page.tsx' ? [`${prefix}${e.name}`] : [],
  );
}

type Theme = 'light' | 'dark';
// Every scanned page is also saved as a screenshot in both themes, to look at, when E2E_SCREENS=1.
const SHOT_COUNT = { n: 0 };

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
// A theme changes colours only (no element differs: nothing reads the theme in script, no `dark:` variant
// hides or shows one), so the second theme is scanned with the WCAG A and AA rules that colours decide.
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Switches the page to a theme in place, as the system's choice changing does, and waits for it to be drawn. */
async function showTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  // A colour still in transition would be scanned half-way.
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition)));
}

/** Loads the page once and scans it in the theme it opened in, then the colours of the other; the page is left in the second. */
async function scan(page: Page, url: string, opensIn: Theme): Promise<{ violations: string[]; leftIn: Theme }> {
  const response = await page.goto(url);
  expect(response?.status(), url).toBeLessThan(400);
  // Panels stream in: scan once no skeleton is left.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  const found: string[] = [];
  const order: Theme[] = opensIn === 'light' ? ['light', 'dark'] : ['dark', 'light'];
  for (const theme of order) {
    await showTheme(page, theme);
    // Legacy mode runs axe in the page itself (no extra page per scan; the app has no cross-origin frames).
    const axe = new AxeBuilder({ page }).setLegacyMode(true);
    const { violations } = await (theme === order[0] ? axe.withTags(WCAG) : axe.withRules(COLOUR_RULES)).analyze();
    const name = new URL(url, 'http://x').pathname.split('/').filter(Boolean).slice(0, 1).join('-') || 'home';
    await saveScreen(page, `a11y-${theme}-${name}-${SHOT_COUNT.n++}`);
    found.push(
      ...violations.map(
        (v) => `${theme} ${url}: ${v.id} (${v.impact}) ${v.help}\n${v.nodes.slice(0, 3).map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ')}`).join('\n')}`,
      ),
    );
  }
  return { violations: found, leftIn: order[1] };
}

/** Scans each page in both themes, one load per page. */
async function scanAll(page: Page, urls: string[]): Promise<string[]> {
  const found: string[] = [];
  let theme: Theme = 'light';
  await page.emulateMedia({ colorScheme: theme });
  for (const url of urls) {
    const result = await scan(page, url, theme);
    found.push(...result.violations);
    theme = result.leftIn;
  }
  return found;
}

let known: Known | null = null;

/** The records the pages name: the demo run, a second run of the same conversations to compare it with, a custom metric. */
async function knownRecords(page: Page): Promise<Known> {
  if (known) return known;
  const { runId: candidateId } = saveRunWithCli('tests/fixtures/compare/demo-worse.json', 'Demo for the accessibility scan', 'demo-bot v2');
  const runs = (await (await page.request.get('/api/v1/runs?pageSize=100')).json()) as { items: { id: string; datasetId: string; modelVersion: string | null }[] };
  const baseline = runs.items.find((r) => r.modelVersion === 'demo-bot v1');
  if (!baseline) throw new Error(`no demo run among ${JSON.stringify(runs)}`);
  await page.goto(`/datasets/${baseline.datasetId}`);
  const conversationHref = await page.locator(`a[href^="/datasets/${baseline.datasetId}/conversations/"]`).first().getAttribute('href');
  await page.goto(`/compare?baseline=${baseline.id}&candidate=${candidateId}`);
  const compareHref = await page.locator('a[href^="/compare/conversation?"]').first().getAttribute('href');
  const metric = await page.request.post('/api/v1/metrics', {
    data: { name: 'a11y_politeness', scope: 'turn', criteria: 'The reply is polite.', evaluationSteps: ['Read the reply.', 'Judge whether it is polite.'] },
  });
  // A retried test finds it made already.
  expect([200, 201, 409], await metric.text()).toContain(metric.status());
  // A replay against an app that is not there: its page lists the errored turns.
  const replay = await page.request.post('/api/v1/replays', {
    data: { datasetId: baseline.datasetId, target: { kind: 'http', url: 'http://127.0.0.1:9/turnwise', timeoutMs: 1000 }, modelVersion: 'a11y v3', evaluate: { compareWith: baseline.id } },
  });
  expect(replay.status(), await replay.text()).toBe(202);
  // An online rule over a live dataset (as the OTLP worker makes one for a service).
  const db = createDbClient(currentE2EServer().databaseUrl);
  const live =
    (await db.liveDataset.findUnique({ where: { projectId_service: { projectId: 'default', service: 'a11y-shop' } } })) ??
    (await db.liveDataset.create({ data: { projectId: 'default', service: 'a11y-shop', datasetId: (await db.dataset.create({ data: { projectId: 'default', name: 'Live: a11y-shop', sourceFormat: 'otlp' } })).id } }));
  // A schedule of the demo dataset's scoring whose start made the second run, compared with the demo run.
  const schedule =
    (await db.schedule.findUnique({ where: { projectId_name: { projectId: 'default', name: 'a11y nightly' } } })) ??
    (await db.schedule.create({
      data: {
        projectId: 'default',
        name: 'a11y nightly',
        cron: '0 2 * * *',
        kind: 'run',
        request: { datasetId: baseline.datasetId, metrics: [{ name: 'knowledge_retention', options: {} }], judge: { kind: 'offline' }, concurrency: 2 },
        nextDueAt: new Date(Date.now() + 86_400_000),
        createdBy: 'admin@e2e.test',
        savedVia: 'session',
        runs: { create: { dueAt: new Date(), trigger: 'manual', runId: candidateId, previousRunId: baseline.id } },
      },
    }));
  await db.$disconnect();
  const rules = (await (await page.request.get('/api/v1/online-rules')).json()) as { items: { id: string; name: string }[] };
  let rule = rules.items.find((r) => r.name === 'a11y production');
  if (!rule) {
    const created = await page.request.post('/api/v1/online-rules', { data: { name: 'a11y production', datasetIds: [live.datasetId], metrics: [{ name: 'conversation_relevancy' }], judge: { kind: 'offline' }, sampleRate: 100 } });
    expect(created.status(), await created.text()).toBe(201);
    rule = (await created.json()) as { id: string; name: string };
  }
  // An alert rule whose test went nowhere: its page shows a failed delivery in its history.
  const alerts = (await (await page.request.get('/api/v1/alerts')).json()) as { items: { id: string; name: string }[] };
  let alert = alerts.items.find((a) => a.name === 'a11y failures');
  if (!alert) {
    const created = await page.request.post('/api/v1/alerts', { data: { name: 'a11y failures', condition: { kind: 'failure', of: 'any' }, destination: { kind: 'webhook', url: 'http://127.0.0.1:9/hook', secret: 'a11y-secret-1234' } } });
    expect(created.status(), await created.text()).toBe(201);
    alert = (await created.json()) as { id: string; name: string };
    expect((await page.request.post(`/api/v1/alerts/${alert.id}/test`)).status()).toBe(200);
  }
  known = {
    datasetId: baseline.datasetId,
    conversationId: conversationHref!.split('/').pop()!,
    runId: baseline.id,
    candidateId,
    compareKey: new URL(compareHref!, 'http://x').searchParams.get('key')!,
    metric: 'a11y_politeness',
    replayId: ((await replay.json()) as { id: string }).id,
    onlineRuleId: rule.id,
    liveDatasetId: live.datasetId,
    scheduleId: schedule.id,
    alertId: alert.id,
  };
  return known;
}

test('every page is listed for the scan', () => {
  expect(pageFiles(path.resolve(import.meta.dirname, '..', 'app')).sort()).toEqual([...Object.keys(PAGES), ...Object.keys(SIGNED_OUT)].sort());
});

test('every signed-in page passes the WCAG A and AA checks in the light and the dark theme', async ({ page }) => {
  // Both themes of every page in one test: the records are looked up once (groups of ten repeated it, 70 → 87 s in CI).
  test.setTimeout(480_000);
  const records = await knownRecords(page);
  const found = await scanAll(page, [...Object.values(PAGES), ...EXTRA].map((f) => f(records)));
  expect(found, found.join('\n')).toEqual([]);
});

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });
  test('the sign-in page passes the WCAG A and AA checks in the light and the dark theme', async ({ page }) => {
    expect(await scanAll(page, [SIGNED_OUT['sign-in/page.tsx']])).toEqual([]);
  });
});
