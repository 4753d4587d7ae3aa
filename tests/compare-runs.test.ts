import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient } from '@/lib/db/client';
import { type Db } from '@/lib/db/db-types';
import { compareRuns } from '@/lib/compare/compare-runs';
import { loadComparison } from '@/lib/compare/load-comparison';
import { processLru } from '@/lib/compare/lru';
import { createScriptedJudge } from '@/lib/judge/scripted-judge';
import type { Conversation } from '@/lib/domain/conversation';
import { recordEvaluation } from '@/lib/imports/record-evaluation';
import { migratedDatabase, providers, type FreshDatabase } from './db/databases';

/*
 * Two datasets of the same scenarios, answered by two model versions: the conversations are
 * matched by name whatever their order, each dataset's own answers are scored, and the
 * comparison counts what changed. The judge is scripted: a reply marked OFF-TOPIC is irrelevant.
 */

const exchange = (user: string, assistant: string) => [
  { role: 'user' as const, content: user },
  { role: 'assistant' as const, content: assistant },
];

const v1: Conversation[] = [
  { name: 'Refund', turns: [...exchange('Can I get a refund?', 'Yes, within 30 days.'), ...exchange('Even if opened?', 'Yes, opened items too.')] },
  { name: 'Shipping', turns: [...exchange('How long is shipping?', 'Three days.'), ...exchange('To Lisbon?', 'Four days to Lisbon.')] },
  { name: 'Warranty', turns: [...exchange('How long is the warranty?', 'Two years.'), ...exchange('Parts too?', 'Parts too.')] },
  { name: 'Login', turns: [...exchange('I cannot log in.', 'Reset your password.'), ...exchange('Where?', 'On the sign-in page.')] },
];
const v2: Conversation[] = [
  { name: 'Warranty', turns: [...exchange('How long is the warranty?', 'Two years, parts included.'), ...exchange('Parts too?', 'Yes.')] },
  { name: 'Shipping', turns: [...exchange('How long is shipping?', 'OFF-TOPIC: our cafe opens at nine.'), ...exchange('To Lisbon?', 'OFF-TOPIC: try the lemon cake.')] },
  { name: 'Refund', turns: [...exchange('Can I get a refund?', 'Yes, within 30 days.'), ...exchange('Even if opened?', 'OFF-TOPIC: the weather is nice.')] },
  { name: 'Billing', turns: [...exchange('Why was I charged twice?', 'A duplicate; it is refunded.')] },
];

const judge = () =>
  createScriptedJudge({
    'conversation_relevancy.relevance': (input) =>
      input.assistantMessage.startsWith('OFF-TOPIC') ? { verdict: 'no', reason: 'The reply ignores the question.' } : { verdict: 'yes', reason: 'The reply answers the question.' },
    reason: () => ({ reason: 'Scripted.' }),
  });

async function record(db: Db, name: string, modelVersion: string, conversations: Conversation[]) {
  const saved = await recordEvaluation(db, {
    dataset: { projectId: 'default', name, sourceFormat: 'turnwise', modelVersion, conversations },
    metrics: [{ name: 'conversation_relevancy', options: { windowSize: 1 } }],
    judge: judge(),
    judgeName: null,
    concurrency: 2,
  });
  return saved.runId;
}

describe.each(providers)('comparing runs on %s', (provider) => {
  let fresh: FreshDatabase;
  let db: Db;
  let base: string;
  let cand: string;

  beforeAll(async () => {
    fresh = await migratedDatabase(provider);
    db = createDbClient(fresh.url);
    base = await record(db, 'support v1', 'bot-v1', v1);
    cand = await record(db, 'support v2', 'bot-v2', v2);
  });
  afterAll(async () => {
    await db?.$disconnect();
    await fresh?.drop();
  });

  it('matches the same scenarios across the two datasets and measures the change', async () => {
    const report = await compareRuns(db, 'default', base, [cand]);
    expect(report.baseline).toMatchObject({ id: base, datasetName: 'support v1', modelVersion: 'bot-v1' });
    expect(report.candidates).toEqual([
      expect.objectContaining({ id: cand, datasetName: 'support v2', modelVersion: 'bot-v2', matched: 3, baselineOnly: 1, candidateOnly: 1 }),
    ]);
    const relevancy = report.metrics.find((m) => m.metric === 'conversation_relevancy')!;
    expect(relevancy.baseline).toMatchObject({ mean: 1, count: 4, scored: 4, errors: 0, passRate: 1 });
    const c = relevancy.candidates[0];
    // Refund 1 → 0.5 (still passes at 0.5), Shipping 1 → 0 (fails), Warranty 1 → 1.
    expect(c.pairs).toBe(3);
    expect(c.baselineMean).toBe(1);
    expect(c.candidateMean).toBeCloseTo(0.5, 12);
    expect(c.difference).toBeCloseTo(-0.5, 12);
    expect(c.passToFail).toBe(1);
    expect(c.failToPass).toBe(0);
    expect(c.baselinePassRate).toBe(1);
    expect(c.candidatePassRate).toBeCloseTo(2 / 3, 12);
    expect(c.passRateChange).toBeCloseTo(-1 / 3, 12);
    expect(c.ciLow!).toBeGreaterThanOrEqual(-1);
    expect(c.ciLow!).toBeLessThan(-0.5);
    // Three pairs, one unchanged: a resample of only that pair (1 in 27) keeps 0 in the interval.
    expect(c.ciHigh).toBe(0);
    expect(c.verdict).toBe('unchanged');
    expect(report.regressions).toEqual([]);
    expect(report.method).toEqual({ resamples: 2000, seed: expect.any(Number), level: 0.95, interval: 'percentile', pairing: 'matchKey' });
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });

  it('lists the matched conversations with their deltas, filtered and sorted', async () => {
    const { table } = await loadComparison(db, 'default', base, [cand]);
    const query = { metric: 'conversation_relevancy', sort: 'position' as const, by: 0, skip: 0, take: 50 };
    const all = table.page({ ...query, filter: 'all' });
    expect(all.rows.map((r) => r.key)).toEqual(['name:Refund', 'name:Shipping', 'name:Warranty', 'name:Login', 'name:Billing']);
    expect(all.counts).toEqual({ all: 5, regressed: 2, improved: 0, changed: 2, unmatched: 2 });
    const worst = table.page({ ...query, filter: 'regressed', sort: 'delta' });
    expect(worst.rows.map((r) => [r.key, r.deltas[0]])).toEqual([
      ['name:Shipping', -1],
      ['name:Refund', -0.5],
    ]);
    expect(worst.rows[0].cells.map((c) => c.score)).toEqual([1, 0]);
    expect(worst.rows[0].cells.map((c) => c.passed)).toEqual([true, false]);
    const unmatched = table.page({ ...query, filter: 'unmatched' });
    expect(unmatched.rows.map((r) => [r.key, r.cells.map((c) => c.conversationId !== null)])).toEqual([
      ['name:Login', [true, false]],
      ['name:Billing', [false, true]],
    ]);
  });

  it('stores each finished run’s vector once and reads it back after a restart', async () => {
    const stored = await db.runScoreVector.findMany({ select: { runId: true, size: true, stats: true } });
    expect(stored.map((s) => s.runId).sort()).toEqual([base, cand].sort());
    expect(stored.find((s) => s.runId === cand)!.size).toBe(4);
    processLru('run-vectors', 8).clear();
    processLru('comparisons', 6).clear();
    await db.result.deleteMany({ where: { runId: cand } });
    // The results are gone, the stored vector is not: the numbers are the same.
    const report = await compareRuns(db, 'default', base, [cand]);
    expect(report.metrics[0].candidates[0].difference).toBeCloseTo(-0.5, 12);
  });

  it('names an unknown run and refuses a comparison without a candidate', async () => {
    await expect(compareRuns(db, 'default', base, ['no-such-run'])).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Run no-such-run was not found' });
    await expect(compareRuns(db, 'default', base, [base])).rejects.toMatchObject({ code: 'BAD_INPUT' });
  });
});
