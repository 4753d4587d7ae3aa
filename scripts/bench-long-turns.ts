/*
 * Size and server time of the conversation pages on a conversation of long turns: 100 turns of
 * ~870 KB (each assistant turn with three 40 KB retrieval items) in two runs, served by the
 * production server (`next start`): the dataset's conversation page, the run's, and the two runs
 * side by side. `--app DIR` serves another checkout's build (for a before/after figure).
 * Usage: npm run bench:long-turns [-- --turns 100] [--turn-kb 870] [--requests 3] [--no-build] [--app DIR] [--port P]
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDbClient } from '../lib/db/client';
import { ensureDatabase } from '../lib/db/migrations';
import { createScriptedJudge } from '../lib/judge/scripted-judge';
import type { Conversation } from '../lib/domain/conversation';
import { recordEvaluation } from '../lib/imports/record-evaluation';
import { buildApp, startNextServer, stopNextServer, timePage } from './bench/next-server';

const { values: args } = parseArgs({
  options: {
    turns: { type: 'string', default: '100' },
    'turn-kb': { type: 'string', default: '870' },
    requests: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '1' },
    port: { type: 'string', default: '3480' },
    dir: { type: 'string', default: '/tmp/turnwise-bench-long-turns' },
    app: { type: 'string' },
    'no-build': { type: 'boolean', default: process.env.BENCH_SKIP_BUILD === '1' },
  },
});
const turns = Number(args.turns);
const turnChars = Number(args['turn-kb']) * 1024;

/** A turn of about `turnChars` characters of words (not one repeated letter: the word diff has work to do). */
function longText(seed: number, variant: string): string {
  const words = ['refund', 'policy', 'order', 'shipping', 'customer', 'account', 'invoice', 'warranty', 'return', 'delivery'];
  const parts: string[] = [`Turn ${seed} ${variant}.`];
  let length = parts[0].length;
  for (let i = 0; length < turnChars; i++) {
    const w = words[(i * 7 + seed) % words.length];
    parts.push(w);
    length += w.length + 1;
  }
  return parts.join(' ').slice(0, turnChars);
}

function conversation(variant: string): Conversation {
  return {
    name: 'Long turns',
    turns: Array.from({ length: turns }, (_, i) =>
      i % 2 === 0
        ? { role: 'user' as const, content: longText(i, 'question') }
        : { role: 'assistant' as const, content: longText(i, variant), retrievalContext: [0, 1, 2].map((k) => longText(i * 10 + k, 'document').slice(0, 40 * 1024)) },
    ),
  };
}

async function main() {
  rmSync(args.dir, { recursive: true, force: true });
  mkdirSync(args.dir, { recursive: true });
  const file = path.join(args.dir, 'long-turns.db');
  const url = `file:${file}`;
  await ensureDatabase(url);
  const db = createDbClient(url);
  const judge = () => createScriptedJudge({ 'conversation_relevancy.relevance': () => ({ verdict: 'yes', reason: 'Scripted.' }), reason: () => ({ reason: 'Scripted.' }) });
  const record = (name: string, variant: string) =>
    recordEvaluation(db, {
      dataset: { projectId: 'default', name, sourceFormat: 'turnwise', modelVersion: variant, conversations: [conversation(variant)] },
      metrics: [{ name: 'conversation_relevancy', options: { windowSize: 1 } }],
      judge: judge(),
      judgeName: null,
      concurrency: 1,
    });
  console.log(`Storing two runs of one conversation of ${turns} turns × ${args['turn-kb']} KB…`);
  const base = await record('long v1', 'answer-v1');
  const cand = await record('long v2', 'answer-v2');
  const conv = await db.conversation.findFirstOrThrow({ where: { datasetId: base.datasetId }, select: { id: true, matchKey: true } });
  await db.$queryRawUnsafe('PRAGMA wal_checkpoint(TRUNCATE)');
  await db.$disconnect();

  if (!args['no-build'] && !args.app) await buildApp();
  const port = Number(args.port);
  const server = await startNextServer({ app: args.app, dbFile: file, port, readyPath: '/datasets' });
  const pages = {
    dataset: `/datasets/${base.datasetId}/conversations/${conv.id}`,
    run: `/runs/${base.runId}/conversations/${conv.id}`,
    sideBySide: `/compare/conversation?${new URLSearchParams([['baseline', base.runId], ['candidate', cand.runId], ['key', conv.matchKey ?? '']])}`,
  };
  const figures: Record<string, { bytes: number; medianMs: number }> = {};
  try {
    for (const [name, page] of Object.entries(pages)) {
      const t = await timePage(`http://127.0.0.1:${port}`, page, 'Turn 1 ', { warmup: Number(args.warmup), requests: Number(args.requests) }, server);
      figures[name] = { bytes: t.bytes, medianMs: Math.round(t.median) };
      console.log(`${name.padEnd(10)} ${(t.bytes / 1024 / 1024).toFixed(2).padStart(8)} MB   median ${Math.round(t.median)} ms (min ${Math.round(t.min)}, max ${Math.round(t.max)})`);
    }
  } finally {
    await stopNextServer(server);
  }
  console.log(`BENCH ${JSON.stringify({ bench: 'long-turns', turns, turnKb: Number(args['turn-kb']), app: args.app ?? 'this checkout', pages: figures })}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
