import { createClient, type Client } from '@libsql/client';
import type { Db } from '../../lib/db/db-types';
import { finishRun } from '../../lib/runs/lifecycle';
import { insertStatements } from '../bench/insert-statements';

/*
 * A synthetic completed run, written straight into the tables in batches: no judge, no
 * metric code. The bulk rows go through one libsql connection as multi-row INSERTs with
 * synchronous off (Prisma's createMany opened a transaction on a new connection per call and
 * managed about 1,500 rows a second here, which would take 40 minutes for the default size);
 * the dataset and run rows and the run's closing (finishRun) go through Prisma. Verdicts, steps, calls and scores are shaped like the real
 * metrics' (see lib/metrics/<metric>/index.ts) and agree with each other: a result's score
 * is computed from its turn verdicts, success from the threshold.
 */

export interface DashboardGenerateOptions {
  conversations: number;
  turns: number;
  metrics: readonly string[];
  /** Every how many conversations one gets JudgeCache rows for its calls (the lookup path). */
  cachedEvery: number;
  onProgress?: (done: number) => void;
}

export interface Generated {
  runId: string;
  datasetId: string;
  ms: number;
}

const BATCH = 500; // conversations per batch

/** mulberry32: fast, seeded, good enough for shaping synthetic data. */
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

const TOPICS = [
  { name: 'refund', user: 'Can I get a refund for the headphones I bought last week?', doc: 'Refunds are available within 30 days of purchase for unused items in their original packaging.', claim: 'Refunds are available within 30 days of purchase.' },
  { name: 'shipping', user: 'How long does standard shipping take to Lisbon?', doc: 'Standard shipping takes 3 to 5 business days within the continent.', claim: 'Standard shipping takes 3 to 5 business days.' },
  { name: 'account', user: 'I want to open a savings account, my name is Alex Johnson.', doc: 'A savings account can be opened online with a valid ID and a first deposit of 20 euros.', claim: 'You can open a savings account online with an ID.' },
  { name: 'roaming', user: 'Does my mobile plan include roaming in Spain?', doc: 'All plans include EU roaming at no extra cost up to the monthly data allowance.', claim: 'Your plan includes EU roaming at no extra cost.' },
  { name: 'claim', user: 'My car was scratched in a parking lot, does my insurance cover it?', doc: 'Comprehensive cover pays for damage caused by third parties when the vehicle is parked.', claim: 'Comprehensive cover pays for parking damage.' },
];

const pad = (n: number, width = 7) => String(n).padStart(width, '0');
const hex64 = (r: () => number) => {
  let s = '';
  for (let i = 0; i < 8; i++) s += Math.floor(r() * 0xffffffff).toString(16).padStart(8, '0');
  return s;
};

type V = 'yes' | 'no' | 'idk';

interface MetricShape {
  verdicts(r: () => number, quality: number, assistantTurns: number[]): { turn: number; verdict: V; score: number | null }[];
  score(v: { verdict: V; score: number | null }[]): number;
  steps(topic: (typeof TOPICS)[number], v: { turn: number; verdict: V; score: number | null }[], reason: (t: number, v: V) => string): unknown;
  callSteps(turns: number, assistantTurns: number[]): string[];
}

const yesShare = (v: { verdict: V }[], ifNone: number) => (v.length ? v.filter((x) => x.verdict !== 'no').length / v.length : ifNone);
const pick = (r: () => number, quality: number): V => {
  const x = r();
  return x < quality ? 'yes' : x < quality + (1 - quality) * 0.3 ? 'idk' : 'no';
};

const SHAPES: Record<string, MetricShape> = {
  knowledge_retention: {
    verdicts: (r, q, turns) => turns.slice(1).map((turn) => ({ turn, verdict: r() < q + 0.1 ? 'yes' : 'no', score: null })),
    score: (v) => yesShare(v, 1),
    steps: (topic, v, reason) => ({
      facts: v.map((x) => ({ turn: x.turn - 1, facts: x.turn === v[0]?.turn ? [{ key: 'topic', values: [topic.name] }] : [] })),
      attrition: v.map((x) => ({ turn: x.turn, attrition: x.verdict === 'no' ? 'yes' : 'no', reason: reason(x.turn, x.verdict) })),
    }),
    callSteps: (turns, a) => [...a.map(() => 'knowledge_retention.facts'), ...a.slice(1).map(() => 'knowledge_retention.attrition'), 'reason'],
  },
  turn_faithfulness: {
    verdicts: (r, q, turns) =>
      turns.map((turn) => {
        const verdict = pick(r, q);
        return { turn, verdict, score: verdict === 'no' ? Math.floor(r() * 2) / 4 : 1 };
      }),
    score: (v) => (v.length ? v.reduce((s, x) => s + (x.score ?? 0), 0) / v.length : 1),
    steps: (topic, v, reason) => ({
      truths: [{ exchange: 0, documents: [{ document: topic.doc, truths: [topic.doc] }] }],
      claims: v.map((x, i) => ({ exchange: i, turns: [x.turn], claims: [topic.claim] })),
      windows: v.map((x, i) => ({
        exchange: i,
        turn: x.turn,
        exchanges: [Math.max(0, i - 9), i],
        truths: [topic.doc],
        claims: [{ claim: topic.claim, verdict: x.verdict, reason: reason(x.turn, x.verdict) }],
        score: x.score,
      })),
    }),
    callSteps: (_t, a) => ['turn_faithfulness.truths', ...a.map(() => 'turn_faithfulness.claims'), ...a.map(() => 'turn_faithfulness.verdicts'), 'reason'],
  },
  conversation_relevancy: {
    verdicts: (r, q, turns) => turns.map((turn) => ({ turn, verdict: r() < q + 0.15 ? 'yes' : 'no', score: null })),
    score: (v) => yesShare(v, 1),
    steps: (_topic, v, reason) => ({
      windows: v.map((x, i) => ({ exchange: i, turn: x.turn, exchanges: [Math.max(0, i - 2), i], verdict: x.verdict, reason: reason(x.turn, x.verdict) })),
    }),
    callSteps: (_t, a) => [...a.map(() => 'conversation_relevancy.relevance'), 'reason'],
  },
  context_coverage: {
    verdicts: (r, q, turns) =>
      turns.map((turn) => {
        const covered = [r() < q, r() < q];
        const score = covered.filter(Boolean).length / 2;
        return { turn, verdict: score === 1 ? 'yes' : 'no', score };
      }),
    score: (v) => (v.length ? Math.round((v.reduce((s, x) => s + (x.score ?? 0), 0) / v.length) * 100) / 100 : 0),
    steps: (topic, v, reason) => ({
      items: v.map((x) => ({
        turn: x.turn,
        items: [
          { item: topic.doc, verdict: (x.score ?? 0) >= 0.5 ? 'yes' : 'no', reason: reason(x.turn, (x.score ?? 0) >= 0.5 ? 'yes' : 'no') },
          { item: topic.claim, verdict: x.verdict, reason: reason(x.turn, x.verdict) },
        ],
        score: x.score,
      })),
    }),
    callSteps: (_t, a) => [...a.map(() => 'context_coverage.coverage'), 'reason'],
  },
  contextual_recall: {
    verdicts: (r, q, turns) => turns.map((turn) => ({ turn, verdict: r() < q ? 'yes' : 'no', score: null })),
    score: (v) => (v.length ? v.filter((x) => x.verdict === 'yes').length / v.length : 0),
    steps: (topic, v, reason) => ({
      sentences: v.map((x) => ({
        turn: x.turn,
        expectedOutput: topic.claim,
        sentences: [{ sentence: topic.claim, verdict: x.verdict, node: x.verdict === 'yes' ? 0 : null, reason: reason(x.turn, x.verdict) }],
        score: x.verdict === 'yes' ? 1 : 0,
      })),
    }),
    callSteps: (_t, a) => [...a.map(() => 'contextual_recall.attribution'), 'reason'],
  },
};


export async function generateRun(db: Db, url: string, options: DashboardGenerateOptions): Promise<Generated> {
  const started = performance.now();
  const client: Client = createClient({ url });
  await client.execute('PRAGMA synchronous = OFF');
  // Secondary indexes are built once at the end (a sort) rather than row by row.
  const indexes = await client.execute(
    `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN ('Conversation', 'Turn', 'Result', 'TurnVerdict', 'JudgeCache')`,
  );
  for (const row of indexes.rows) await client.execute(`DROP INDEX "${row.name as string}"`);
  const { conversations: n, turns: turnCount, metrics } = options;
  const r = rng(20261122);
  const datasetId = 'bench-dataset';
  const runId = 'bench-run';
  await db.dataset.create({
    data: { id: datasetId, projectId: 'default', name: `Bench: ${n} conversations × ${turnCount} turns`, sourceFormat: 'turnwise', conversationCount: n, turnCount: n * turnCount },
  });
  await db.run.create({
    data: {
      projectId: 'default',
      id: runId,
      datasetId,
      modelVersion: 'bench-bot v1',
      judgeKind: 'openai',
      judgeModel: 'gpt-4.1-mini',
      metricSettings: Object.fromEntries(metrics.map((m) => [m, { threshold: 0.5 }])),
      status: 'running',
      totalItems: n * metrics.length,
      startedAt: new Date(),
    },
  });

  let judgeCalls = 0;
  let promptTokens = 0;
  let completionTokens = 0;
  let errors = 0;
  for (let start = 0; start < n; start += BATCH) {
    const end = Math.min(n, start + BATCH);
    const conversationRows: Record<string, unknown>[] = [];
    const turnRows: Record<string, unknown>[] = [];
    const resultRows: Record<string, unknown>[] = [];
    const verdictRows: Record<string, unknown>[] = [];
    const cacheRows: Record<string, unknown>[] = [];
    for (let c = start; c < end; c++) {
      const topic = TOPICS[c % TOPICS.length];
      const conversationId = `bc${pad(c)}`;
      // Most conversations are good; a tail is poor, so histograms have a shape.
      const quality = r() < 0.8 ? 0.8 + r() * 0.2 : r() * 0.7;
      conversationRows.push({
        id: conversationId,
        datasetId,
        position: c,
        externalId: `conv-${pad(c)}`,
        name: `${topic.name} #${c + 1}`,
        matchKey: `conv-${pad(c)}`,
        firstUserMessage: topic.user,
        turnCount,
      });
      const assistantTurns: number[] = [];
      for (let t = 0; t < turnCount; t++) {
        const user = t % 2 === 0;
        if (!user) assistantTurns.push(t);
        turnRows.push({
          id: `${conversationId}t${t}`,
          conversationId,
          index: t,
          role: user ? 'user' : 'assistant',
          content: user
            ? t === 0
              ? topic.user
              : `Thanks. Follow-up ${t / 2} about the ${topic.name}: what else should I know before I go ahead?`
            : `${topic.claim} For your follow-up ${(t - 1) / 2}: ${topic.doc} Anything else I can help with?`,
          retrievalContext: user ? undefined : [topic.doc, `Policy ${c % 97}: contact support for exceptions about ${topic.name}.`],
          context: user ? undefined : [topic.doc, topic.claim],
        });
      }
      metrics.forEach((metric, m) => {
        const shape = SHAPES[metric];
        const resultId = `${conversationId}r${m}`;
        const errored = r() < 0.004;
        const reason = (turn: number, v: V) =>
          v === 'yes'
            ? `Turn ${turn + 1} is consistent with what the user said and what was retrieved about the ${topic.name}.`
            : v === 'idk'
              ? `Turn ${turn + 1} makes a claim about the ${topic.name} that the retrieved documents neither support nor contradict.`
              : `Turn ${turn + 1} contradicts the retrieved document about the ${topic.name}: "${topic.doc.slice(0, 60)}…".`;
        const verdicts = errored ? [] : shape.verdicts(r, quality, assistantTurns);
        const score = errored ? null : shape.score(verdicts);
        const calls = shape.callSteps(turnCount, assistantTurns).map((step) => {
          const p = 200 + Math.floor(r() * 400);
          const q = 20 + Math.floor(r() * 80);
          promptTokens += p;
          completionTokens += q;
          return { step, cacheKey: hex64(r), cached: false, promptTokens: p, completionTokens: q };
        });
        judgeCalls += calls.length;
        if (errored) errors++;
        if (c % options.cachedEvery === 0) {
          for (const call of calls) {
            cacheRows.push({
              key: call.cacheKey,
              model: 'gpt-4.1-mini',
              step: call.step,
              messages: [
                { role: 'system', content: `You judge the step ${call.step} for the metric ${metric}. Answer in JSON against the schema.` },
                { role: 'user', content: `Conversation ${conversationId} about the ${topic.name}: ${topic.user}\nDocument: ${topic.doc}` },
              ],
              raw: JSON.stringify({ verdict: 'yes', reason: `The reply about the ${topic.name} is supported.` }),
              promptTokens: call.promptTokens,
              completionTokens: call.completionTokens,
            });
          }
        }
        resultRows.push({
          id: resultId,
          runId,
          conversationId,
          metric,
          score,
          success: score !== null && score >= 0.5,
          threshold: 0.5,
          reason: errored
            ? null
            : `The ${metric.replace(/_/g, ' ')} score is ${score!.toFixed(2)}: ${verdicts.filter((v) => v.verdict !== 'yes').length} of ${verdicts.length} turns fall short on the ${topic.name}.`,
          error: errored ? 'JudgeError: the judge replied 503 Service Unavailable three times' : null,
          steps: errored ? {} : (shape.steps(topic, verdicts, reason) as object),
          calls,
          judgeCalls: calls.length,
          promptTokens: calls.reduce((s, x) => s + x.promptTokens, 0),
          completionTokens: calls.reduce((s, x) => s + x.completionTokens, 0),
        });
        for (const v of verdicts) {
          verdictRows.push({
            id: `${resultId}v${v.turn}`,
            resultId,
            runId,
            conversationId,
            metric,
            turnIndex: v.turn,
            verdict: v.verdict,
            score: v.score,
            reason: reason(v.turn, v.verdict),
          });
        }
      });
    }
    const now = new Date().toISOString().replace('Z', '+00:00');
    await client.batch(
      [
        ...insertStatements('Conversation', conversationRows),
        ...insertStatements('Turn', turnRows),
        ...insertStatements('Result', resultRows.map((row) => ({ ...row, createdAt: now }))),
        ...insertStatements('TurnVerdict', verdictRows),
        ...insertStatements('JudgeCache', cacheRows.map((row) => ({ ...row, createdAt: now }))),
      ],
      'write',
    );
    options.onProgress?.(end);
  }
  for (const row of indexes.rows) await client.execute(row.sql as string);
  client.close();
  await db.run.update({
    where: { id: runId },
    data: { doneItems: n * metrics.length, errorItems: errors, judgeCalls, promptTokens, completionTokens, costUsd: (promptTokens * 0.4 + completionTokens * 1.6) / 1e6 },
  });
  await finishRun(db, runId);
  return { runId, datasetId, ms: performance.now() - started };
}
