import { expect, test, type APIRequestContext } from '@playwright/test';
import { contradictionOnTurn14 } from '../lib/metrics/testing/conversations';
import { saveScreen } from './fixtures/screens';

/*
 * Turn faithfulness per turn in the browser: a ten-exchange museum chat where only the reply on
 * turn 14 contradicts what it retrieved, scored by the offline judge at window sizes 1, 3 and 10.
 * Only turn 14 may show as failed in the verdict map, the conversation view and the export.
 */

// The conversation the metric tests use, uploaded as deepeval JSON.
const museum = {
  name: 'Museum chat (turn 14 contradicts its retrieval)',
  turns: contradictionOnTurn14().turns.map((t) => ({ role: t.role, content: t.content, ...(t.retrievalContext ? { retrieval_context: t.retrievalContext } : {}) })),
};
const WINDOWS = [1, 3, 10];
const runs = new Map<number, string>();

async function startRun(request: APIRequestContext, datasetId: string, windowSize: number): Promise<string> {
  const started = await request.post('/api/v1/runs', {
    data: { datasetId, metrics: ['turn_faithfulness'], options: { turn_faithfulness: { windowSize } }, judge: { kind: 'offline' } },
  });
  expect(started.status()).toBe(202);
  const { id } = (await started.json()) as { id: string };
  await expect
    .poll(async () => ((await (await request.get(`/api/v1/runs/${id}`)).json()) as { status: string }).status, { timeout: 60_000 })
    .toMatch(/^completed/);
  return id;
}

test.beforeAll(async ({ request }) => {
  const upload = await request.post('/api/v1/datasets', {
    multipart: {
      name: 'E2E per-turn faithfulness',
      file: { name: 'museum.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify([museum])) },
    },
  });
  expect(upload.status()).toBe(201);
  const { id } = (await upload.json()) as { id: string };
  for (const windowSize of WINDOWS) runs.set(windowSize, await startRun(request, id, windowSize));
});

test.setTimeout(120_000);

for (const windowSize of WINDOWS) {
  test(`only turn 14 fails turn faithfulness at window size ${windowSize}: verdict map, conversation view, export`, async ({ page, request }) => {
    const runId = runs.get(windowSize)!;
    await page.goto(`/runs/${runId}`);
    const map = page.getByTestId('verdict-map');
    await expect(map).toBeVisible();
    const failed = map.locator('a[data-state="no"]');
    await expect(failed).toHaveCount(1);
    await expect(failed).toHaveAttribute('title', /^Turn 14 /);
    await expect(map.locator('a[data-state="yes"]')).toHaveCount(9);

    await failed.click();
    await expect(page).toHaveURL(/\?turn=13#turn-13$/);
    const chips = page.locator('[data-testid^="verdict-"][data-testid$="-turn_faithfulness"]');
    await expect(chips).toHaveCount(10);
    await expect(page.locator('[data-testid$="-turn_faithfulness"][data-verdict="no"]')).toHaveCount(1);
    const turn14 = page.getByTestId('verdict-13-turn_faithfulness');
    await expect(turn14).toHaveAttribute('data-verdict', 'no');
    // The reason names the turn's own contradicted claim, not the claims of its window.
    await expect(turn14).toContainText('Children under 16 enter for free.');
    await expect(turn14).not.toContainText('Tickets cost');
    // The window detail is one click away.
    await turn14.getByRole('link', { name: 'Window detail' }).click();
    await expect(page).toHaveURL(/#window-turn_faithfulness-13$/);
    await expect(page.locator('#window-turn_faithfulness-13')).toContainText(`exchanges ${Math.max(1, 7 - windowSize + 1)}–7`);
    if (windowSize === 3) await saveScreen(page, 'per-turn-faithfulness');

    const csv = await (await request.get(`/api/runs/${runId}/export?format=csv&level=verdicts`)).text();
    const rows = csv.trim().split(/\r?\n/).slice(1);
    expect(rows).toHaveLength(10);
    // conversation_key,conversation_name,conversation_position,turn,metric,verdict,…
    const failing = rows.filter((r) => /,turn_faithfulness,no,/.test(r));
    expect(failing).toHaveLength(1);
    expect(failing[0]).toMatch(/,14,turn_faithfulness,no,/);
  });
}
