import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { saveRunWithCli } from './fixtures/save-run';
import { saveScreen } from './fixtures/screens';

/*
 * From "something regressed" to the turn that broke: two runs of a support bot where the
 * candidate forgets, in its fifth turn, the order number it was given (knowledge retention
 * regresses) and nothing else gets worse. Scored by the offline judge through the CLI.
 */

const topics = ['refund', 'shipping', 'warranty', 'login', 'billing', 'upgrade'];
const FORGETFUL = new Set(['shipping', 'login', 'upgrade']);

function conversations(candidate: boolean) {
  return topics.map((topic, i) => {
    const order = 2040 + i;
    const forgets = candidate && FORGETFUL.has(topic);
    return {
      name: `Order ${order}: ${topic}`,
      turns: [
        { role: 'user', content: `Hi, I am Sam and my order number is ${order}. I have a ${topic} question.` },
        { role: 'assistant', content: `Thanks Sam, I found order ${order} and can help with the ${topic}.` },
        { role: 'user', content: `Can you tell me the status of the ${topic}?` },
        { role: 'assistant', content: `The ${topic} for order ${order} is being processed by our team today.` },
        { role: 'user', content: `When will the ${topic} be finished?` },
        {
          role: 'assistant',
          content: forgets ? `The ${topic} is finished on Friday. What is your order number?` : `The ${topic} for order ${order} is finished on Friday.`,
        },
        { role: 'user', content: 'Thank you, that is all.' },
        { role: 'assistant', content: 'You are welcome, Sam. Have a good day!' },
      ],
    };
  });
}

let baseline = '';
let candidate = '';

test.beforeAll(() => {
  const dir = path.join('test-results', 'compare-triage');
  mkdirSync(dir, { recursive: true });
  const write = (name: string, value: unknown) => {
    const file = path.join(dir, name);
    writeFileSync(file, JSON.stringify(value));
    return file;
  };
  const metrics = ['--metrics', 'knowledge_retention,conversation_relevancy'];
  baseline = saveRunWithCli(write('v1.json', conversations(false)), 'Orders v1', 'order-bot v1', metrics).runId;
  candidate = saveRunWithCli(write('v2.json', conversations(true)), 'Orders v2', 'order-bot v2', metrics).runId;
});

test('compare opens on the one metric that regressed; a regressed turn link lands on the turn; changed turns only shows the diff', async ({ page }) => {
  await page.goto(`/compare?baseline=${baseline}&candidate=${candidate}`);
  await expect(page.getByTestId('regressed-any')).toHaveText(/^3 of 6 conversations regressed on at least one metric; the table opens on Knowledge retention, where 3 did\.$/);
  const metricTabs = page.getByRole('navigation', { name: 'Metric' });
  await expect(metricTabs.getByRole('link', { name: 'Knowledge retention' })).toHaveAttribute('aria-current', 'page');
  await expect(metricTabs.getByRole('link', { name: 'Conversation relevancy' })).not.toHaveAttribute('aria-current', 'page');

  // The regressed turn of "Order 2041: shipping" is the sixth (index 5), and it is a link.
  const row = page.locator('tbody tr', { hasText: 'Order 2041: shipping' });
  await expect(row.getByRole('list', { name: /Regressed turns/ }).getByRole('link')).toHaveText(['turn 6']);
  await saveScreen(page, 'compare-triage');
  await row.getByRole('link', { name: 'turn 6' }).click();

  await expect(page).toHaveURL(/\/compare\/conversation\?.*#turn-5$/);
  const turn = page.locator('#turn-5');
  await expect(turn).toBeInViewport();
  await expect(turn).toHaveAttribute('data-regressed', 'true');
  // The target is outlined: its ring is not that of another turn.
  const ring = (id: string) => page.locator(id).evaluate((e) => getComputedStyle(e).boxShadow);
  expect(await ring('#turn-5')).not.toBe(await ring('#turn-3'));
  await expect(page.getByTestId('regressed-turns').getByRole('link', { name: '6' })).toHaveAttribute('href', '#turn-5');

  await page.getByRole('navigation', { name: 'Turns shown' }).getByRole('link', { name: /Changed turns only/ }).click();
  await expect(page).toHaveURL(/changed=1/);
  const shown = page.locator('ol > li[id^="turn-"]');
  await expect(shown).toHaveCount(1);
  await expect(shown.first()).toHaveAttribute('id', 'turn-5');
  await expect(page.getByTestId('unchanged-turns')).toHaveText([/^Turns 1–5: 5 unchanged turns · show$/, /^Turns 7–8: 2 unchanged turns · show$/]);
  const diff = page.getByTestId('reply-diff');
  await expect(diff.locator('ins')).toContainText(['What is your order number?']);
  await expect(diff.locator('del')).toContainText(['for order 2041']);
  await saveScreen(page, 'compare-triage-changed');

  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone each run's copy sits under the other, and nothing scrolls sideways.
  const [baseCell, candidateCell] = await turn.locator(':scope > div').evaluateAll((cells) => cells.slice(1).map((c) => c.getBoundingClientRect().top));
  expect(candidateCell).toBeGreaterThan(baseCell);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreen(page, 'compare-triage-phone');
});

test('where conversations break: the run page counts first failing turns, compare overlays both runs', async ({ page }) => {
  await page.goto(`/runs/${candidate}`);
  const panel = page.locator('#where-conversations-break');
  await expect(panel.getByTestId('first-failure-summary-knowledge_retention')).toHaveText(
    'Most conversations first fail at turn 6 (3 conversations of 3 that fail); 3 conversations never fail.',
  );
  await expect(panel.getByTestId('first-failure-knowledge_retention').getByRole('img')).toHaveAttribute('aria-label', /^First failing turn\. Most conversations first fail at turn 6/);
  await panel.getByRole('link', { name: 'By share of the conversation' }).click();
  await expect(page).toHaveURL(/bmode=share/);
  await expect(page.locator('#where-conversations-break').getByTestId('first-failure-summary-knowledge_retention')).toContainText('first fail 60–70% of the way through');
  await saveScreen(page.locator('#where-conversations-break'), 'run-break');

  await page.goto(`/compare?baseline=${baseline}&candidate=${candidate}`);
  const overlay = page.locator('#where-conversations-break');
  await expect(overlay.getByTestId('first-failure-summary-knowledge_retention').getByRole('listitem')).toHaveText([
    'order-bot v1: no conversation fails at any turn (6 conversations judged).',
    'order-bot v2: most conversations first fail at turn 6 (3 conversations of 3 that fail); 3 conversations never fail.',
  ]);
  await saveScreen(overlay, 'compare-break');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await saveScreen(page.locator('#where-conversations-break'), 'compare-break-dark');
});
