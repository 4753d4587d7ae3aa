import { describe, expect, it } from 'vitest';
import type { Conversation } from '../domain/conversation';
import type { MetricResult } from '../domain/metric-result';
import { emptyUsage } from '../domain/usage';
import type { MetricSelection } from '../metrics/selected-metric';
import { addLabelPairs, agreementOf, type LabelPair } from './eval-agreement';
import { buildEvalReport, formatEvalTable } from './eval-report';
import { createEvalReportStream } from './eval-report-stream';

const rag = (id: string | undefined, reply: string): Conversation => ({
  ...(id ? { externalId: id } : {}),
  turns: [
    { role: 'user', content: 'How long is the warranty?' },
    { role: 'assistant', content: reply, retrievalContext: ['The warranty lasts two years.'], labels: { turn_faithfulness: 'no' } },
  ],
});
const plain: Conversation = { name: 'a conversation whose name is longer than the table shows', turns: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello' }] };
// No metric applies to it: its name, however long, leaves the table's first column as it is.
const empty: Conversation = { name: 'an empty conversation, named at even greater length', turns: [] };
const conversations = [rag('c-1', 'Two years.'), plain, empty, rag(undefined, 'Five years, with "quotes"\nand a line break.'), rag('c-5', 'Two.')];
const metrics: MetricSelection[] = [
  { name: 'turn_faithfulness', options: {} },
  // Applies to none (no expected outcome): its long name leaves the metric column as it is.
  { name: 'turn_contextual_precision', options: {} },
  { name: 'knowledge_retention', options: {} },
];

function result(metric: string, n: number): MetricResult {
  const failed = n % 3 === 0;
  return {
    metric,
    score: n % 4 === 0 ? null : (n % 10) / 10,
    success: !failed,
    threshold: 0.5,
    strictMode: false,
    reason: n % 5 === 0 ? null : `reason ${n}: ${'long text '.repeat(n)}`,
    error: n % 4 === 0 ? `judge failed on ${n}` : null,
    verdicts: [{ turn: 1, verdict: n % 2 ? 'yes' : 'no', reason: `verdict ${n}`, ...(n % 3 === 1 ? { score: 0.25 } : {}) }],
    warnings: [],
    steps: { big: 'x'.repeat(1000) },
    calls: [],
    usage: emptyUsage(),
  };
}

const text = async (pieces: AsyncIterable<string>): Promise<string> => {
  let out = '';
  for await (const piece of pieces) out += piece;
  return out;
};

describe('the streamed eval report', () => {
  it('writes the same table and JSON as the whole report built at the end, whatever order results come in', async () => {
    // What applies: faithfulness where there is retrieval context, knowledge retention wherever there are turns.
    const items: [number, number][] = [];
    conversations.forEach((c, ci) => metrics.forEach((m, mi) => {
      if (c.turns.length > 0 && (m.name === 'knowledge_retention' || (m.name === 'turn_faithfulness' && c.turns.some((t) => t.retrievalContext)))) items.push([ci, mi]);
    }));
    const results: (MetricResult | null)[][] = conversations.map(() => metrics.map(() => null));
    const pairs: LabelPair[] = [];
    items.forEach(([ci, mi], n) => {
      results[ci][mi] = result(metrics[mi].name, n + 1);
      addLabelPairs(pairs, conversations[ci], results[ci][mi]!);
    });
    const usage = { calls: 12, promptTokens: 3400, completionTokens: 120, cacheHits: 2, costUsd: 0.0123456789 };

    const stream = createEvalReportStream(conversations, metrics);
    try {
      // Last first, then the rest: the stream holds them until the conversations before are complete.
      for (const [ci, mi] of [...items].reverse()) stream.add(ci, mi, results[ci][mi]!);
      const agreement = stream.agreement();
      expect(agreement).toEqual(agreementOf(pairs));
      expect(Object.keys(agreement)).toEqual(['turn_faithfulness']);
      const report = { ...buildEvalReport(conversations, results, usage), agreement };
      stream.finish({ usage: report.usage, agreement });

      expect(await text(stream.table())).toBe(formatEvalTable(report));
      expect(await text(stream.json())).toBe(`${JSON.stringify(report, null, 2)}\n`);
      expect(stream.failed()).toBe(true);
    } finally {
      stream.close();
    }
  });

  it('holds only the conversations that wait for an earlier one', async () => {
    const many = Array.from({ length: 200 }, (_, i) => rag(`c${i}`, 'Two years.'));
    const stream = createEvalReportStream(many, [{ name: 'knowledge_retention', options: {} }]);
    try {
      // Every conversation but the first is done: all wait for it; once it comes, every one is written.
      for (let ci = 1; ci < many.length; ci++) stream.add(ci, 0, result('knowledge_retention', 1));
      expect((await text(stream.table())).split('\n')).toHaveLength(1);
      stream.add(0, 0, result('knowledge_retention', 1));
      expect((await text(stream.table())).split('\n')).toHaveLength(201);
      stream.finish({ usage: buildEvalReport([], [], emptyUsage()).usage });
      expect(stream.failed()).toBe(false);
    } finally {
      stream.close();
    }
  });
});
