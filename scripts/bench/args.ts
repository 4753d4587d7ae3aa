import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { METRIC_NAMES, type MetricName } from '../../lib/metrics/registry';

export interface BenchArgs {
  conversations: number;
  exchanges: number;
  latencyMs: number;
  concurrency: number;
  itemConcurrency: number;
  seed: number;
  metrics: MetricName[];
  /** Compute every answer in the server during the timed runs instead of ahead of them. */
  liveAnswers: boolean;
  workers: number;
  quick: boolean;
}

export const USAGE = `Usage: npm run bench:judge -- [--conversations 200] [--latency 100] [--concurrency 32]
  [--items N] [--seed 1] [--metrics a,b] [--quick] [--live-answers]
  --quick         40 conversations instead of 200 (unless --conversations is given)
  --items         conversations scored at once (default: 2 x concurrency)
  --live-answers  the server computes each answer when asked (shows its CPU cost) instead of ahead of the runs`;

function positiveInt(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got "${text}"\n${USAGE}`);
  return n;
}

export function readArgs(argv: string[]): BenchArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      conversations: { type: 'string' },
      exchanges: { type: 'string' },
      latency: { type: 'string' },
      concurrency: { type: 'string' },
      items: { type: 'string' },
      seed: { type: 'string' },
      metrics: { type: 'string' },
      quick: { type: 'boolean', default: false },
      'live-answers': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const concurrency = positiveInt('concurrency', values.concurrency, 32);
  const metrics = (values.metrics?.split(',').map((m) => m.trim()) ?? [...METRIC_NAMES]) as MetricName[];
  const unknown = metrics.filter((m) => !(METRIC_NAMES as readonly string[]).includes(m));
  if (unknown.length > 0) throw new Error(`unknown metric(s) ${unknown.join(', ')}; known: ${METRIC_NAMES.join(', ')}`);
  return {
    conversations: positiveInt('conversations', values.conversations, values.quick ? 40 : 200),
    exchanges: positiveInt('exchanges', values.exchanges, 10),
    latencyMs: positiveInt('latency', values.latency, 100),
    concurrency,
    itemConcurrency: positiveInt('items', values.items, 2 * concurrency),
    seed: positiveInt('seed', values.seed, 1),
    metrics,
    liveAnswers: values['live-answers'],
    workers: Math.max(1, availableParallelism()),
    quick: values.quick,
  };
}
