import { createClient, type Client } from '@libsql/client';
import { summarizeResults } from '../../lib/runs/aggregates/summarize-results';
import { insertStatements } from '../bench/insert-statements';

/*
 * Synthetic runs for the comparison benchmark, written straight into the tables through one
 * libsql connection as multi-row INSERTs (secondary indexes dropped during the load and built
 * once at the end). Two datasets of the same n scenarios answered by two model versions, a
 * completed run on each; a smoke subset of the first conversations with many earlier runs for
 * the trend. Scores are verdict fractions (k/4, k/5, k/10), as the real metrics produce; the
 * second version is worse on turn_faithfulness and noisy on the others.
 */

export const METRICS = ['knowledge_retention', 'turn_faithfulness', 'conversation_relevancy', 'context_coverage'] as const;
const STEPS: Record<(typeof METRICS)[number], number> = { knowledge_retention: 4, turn_faithfulness: 10, conversation_relevancy: 5, context_coverage: 4 };

export interface CompareGenerateOptions {
  conversations: number;
  /** Conversations of the smoke subset (its keys are the first ones of the big datasets). */
  smoke: number;
  /** Runs on the smoke subset, before the two big runs (the trend has smokeRuns + 2 points). */
  smokeRuns: number;
  onProgress?: (label: string) => void;
}

export const BENCH_IDS = { v1Dataset: 'bench-v1', v2Dataset: 'bench-v2', smokeDataset: 'bench-smoke', v1Run: 'bench-run-v1', v2Run: 'bench-run-v2' };

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n: number) => String(n).padStart(7, '0');
const BATCH = 5000;

const iso = (d: Date) => d.toISOString().replace('Z', '+00:00');
const TOPICS = ['refund', 'shipping', 'account', 'roaming', 'claim'];

/** A conversation's score on a metric for a model version (0 = v1, 1 = v2, 2+ = smoke runs). */
function score(r: () => number, quality: number, metric: (typeof METRICS)[number], version: number): number {
  const steps = STEPS[metric];
  let k = Math.round(Math.min(1, Math.max(0, quality + (r() - 0.5) * 0.3)) * steps);
  if (version === 1) {
    if (metric === 'turn_faithfulness' && r() < 0.35) k -= 1 + Math.floor(r() * 3);
    else if (r() < 0.2) k += r() < 0.5 ? 1 : -1;
  } else if (version >= 2 && r() < 0.2) k += r() < 0.5 ? 1 : -1;
  return Math.min(steps, Math.max(0, k)) / steps;
}

export async function generate(url: string, options: CompareGenerateOptions): Promise<void> {
  const client: Client = createClient({ url });
  await client.execute('PRAGMA synchronous = OFF');
  const indexes = await client.execute(
    `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN ('Conversation', 'Turn', 'Result')`,
  );
  for (const row of indexes.rows) await client.execute(`DROP INDEX "${row.name as string}"`);
  const { conversations: n, smoke, smokeRuns } = options;
  const now = Date.now();
  const day = 86_400_000;
  const datasets = [
    { id: BENCH_IDS.v1Dataset, name: `Bench support v1 (${n.toLocaleString('en-US')} conversations)`, modelVersion: 'bench-bot v1', size: n, answer: 'v1' },
    { id: BENCH_IDS.v2Dataset, name: `Bench support v2 (${n.toLocaleString('en-US')} conversations)`, modelVersion: 'bench-bot v2', size: n, answer: 'v2' },
    { id: BENCH_IDS.smokeDataset, name: `Bench smoke subset (${smoke.toLocaleString('en-US')} conversations)`, modelVersion: null, size: smoke, answer: 'smoke' },
  ];
  const created = iso(new Date(now - (smokeRuns + 3) * day));
  await client.batch(
    insertStatements(
      'Dataset',
      datasets.map((d) => ({
        id: d.id,
        name: d.name,
        modelVersion: d.modelVersion,
        sourceFormat: 'turnwise',
        conversationCount: d.size,
        turnCount: d.size * 2,
        createdAt: created,
        updatedAt: created,
      })),
    ),
    'write',
  );
  for (const d of datasets) {
    for (let start = 0; start < d.size; start += BATCH) {
      const conversations: Record<string, unknown>[] = [];
      const turns: Record<string, unknown>[] = [];
      for (let c = start; c < Math.min(d.size, start + BATCH); c++) {
        const id = `${d.id}-c${pad(c)}`;
        const topic = TOPICS[c % TOPICS.length];
        const user = `Question ${c + 1} about the ${topic}: what are my options?`;
        conversations.push({ id, datasetId: d.id, position: c, externalId: `conv-${pad(c)}`, name: `${topic} #${c + 1}`, matchKey: `id:conv-${pad(c)}`, firstUserMessage: user, turnCount: 2 });
        turns.push({ id: `${id}-t0`, conversationId: id, index: 0, role: 'user', content: user });
        turns.push({ id: `${id}-t1`, conversationId: id, index: 1, role: 'assistant', content: `(${d.answer}) Here is what the policy says about the ${topic}.` });
      }
      await client.batch([...insertStatements('Conversation', conversations), ...insertStatements('Turn', turns)], 'write');
    }
    options.onProgress?.(`dataset ${d.id}: ${d.size} conversations`);
  }
  const runs = [
    ...Array.from({ length: smokeRuns }, (_, i) => ({ id: `bench-run-smoke-${String(i + 1).padStart(2, '0')}`, dataset: datasets[2], version: 2 + i, label: `bench-bot nightly ${i + 1}`, at: now - (smokeRuns + 2 - i) * day })),
    { id: BENCH_IDS.v1Run, dataset: datasets[0], version: 0, label: 'bench-bot v1', at: now - 2 * day },
    { id: BENCH_IDS.v2Run, dataset: datasets[1], version: 1, label: 'bench-bot v2', at: now - day },
  ];
  for (const run of runs) {
    const r = rng(1000 + run.version);
    const quality = rng(7);
    const rows: { metric: string; score: number | null; success: boolean; error: string | null }[] = [];
    await client.execute({
      sql: `INSERT INTO "Run" ("id","datasetId","modelVersion","judgeKind","judgeModel","metricSettings","status","totalItems","doneItems","createdAt","startedAt") VALUES (?,?,?,?,?,?,?,?,?,?,?)`,
      args: [run.id, run.dataset.id, run.label, 'openai', 'gpt-4.1-mini', JSON.stringify(Object.fromEntries(METRICS.map((m) => [m, { threshold: 0.5 }]))), 'running', run.dataset.size * METRICS.length, run.dataset.size * METRICS.length, iso(new Date(run.at)), iso(new Date(run.at))],
    });
    for (let start = 0; start < run.dataset.size; start += BATCH) {
      const results: Record<string, unknown>[] = [];
      for (let c = start; c < Math.min(run.dataset.size, start + BATCH); c++) {
        // The same quality per conversation in every run, so the runs' scores are paired.
        const q = quality() < 0.8 ? 0.65 + quality() * 0.35 : quality() * 0.6;
        for (const metric of METRICS) {
          const errored = r() < 0.002;
          const s = errored ? null : score(r, q, metric, run.version);
          rows.push({ metric, score: s, success: s !== null && s >= 0.5, error: errored ? 'JudgeError: 503' : null });
          results.push({
            id: `${run.id}-r${pad(c)}-${metric.slice(0, 4)}`,
            runId: run.id,
            conversationId: `${run.dataset.id}-c${pad(c)}`,
            metric,
            score: s,
            success: s !== null && s >= 0.5,
            threshold: 0.5,
            reason: errored ? null : `Scored ${s!.toFixed(2)}.`,
            error: errored ? 'JudgeError: 503' : null,
            createdAt: iso(new Date(run.at)),
          });
        }
      }
      await client.batch(insertStatements('Result', results), 'write');
    }
    const summary = summarizeResults(rows);
    const errors = rows.filter((x) => x.error).length;
    await client.execute({
      sql: `UPDATE "Run" SET "status" = ?, "summary" = ?, "errorItems" = ?, "finishedAt" = ? WHERE "id" = ?`,
      args: [errors ? 'completed_with_errors' : 'completed', JSON.stringify(summary), errors, iso(new Date(run.at + 3_600_000)), run.id],
    });
    options.onProgress?.(`run ${run.id}: ${rows.length} results`);
  }
  for (const row of indexes.rows) await client.execute(row.sql as string);
  options.onProgress?.('indexes rebuilt');
  await client.execute('PRAGMA wal_checkpoint(TRUNCATE)').catch(() => undefined);
  client.close();
}
