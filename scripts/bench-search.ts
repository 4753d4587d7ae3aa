/*
 * Full-text search over every turn at 100,000 conversations (SQLite): how long storing the
 * turns takes with the index (and the indexing step alone), how long indexing an existing database
 * takes (the one-time backfill), and the time of dataset searches for common and rare words.
 * Usage: npm run bench:search [-- --conversations 100000] [--queries 21] [--dir /tmp/…]
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDbClient } from '../lib/db/client';
import { ensureDatabase } from '../lib/db/migrations';
import { indexDatasetTurns } from '../lib/db/queries/datasets/index-dataset-turns';
import { saveDataset } from '../lib/db/queries/datasets/save-dataset';
import { searchTurns } from '../lib/db/queries/datasets/search-turns';
import { ensureSearchIndex } from '../lib/db/search-index';
import type { Conversation } from '../lib/domain';

const { values: args } = parseArgs({
  options: {
    conversations: { type: 'string', default: '100000' },
    queries: { type: 'string', default: '21' },
    dir: { type: 'string', default: '/tmp/turnwise-bench-search' },
  },
});
const n = Number(args.conversations);
const queries = Number(args.queries);

// A small vocabulary makes common words very common; each conversation also has one rare word.
const WORDS = 'order parcel refund delivery account password invoice warranty battery screen support ticket address payment card bank'.split(' ');
const word = (i: number) => WORDS[i % WORDS.length];
function conversation(i: number): Conversation {
  return {
    name: `Chat ${i}`,
    turns: [
      { role: 'user', content: `Hello, I have a question about my ${word(i)} and my ${word(i * 7 + 3)} number ${i}.` },
      { role: 'assistant', content: `Thanks. Your ${word(i)} is being checked by our ${word(i + 5)} team.` },
      { role: 'user', content: `When will the ${word(i * 3)} be done? Reference zq${i.toString(36)}x.` },
      { role: 'assistant', content: `The ${word(i * 3)} is done by Friday; the ${word(i + 9)} desk will write to you.` },
    ],
  };
}

async function* batches(): AsyncGenerator<Conversation[]> {
  for (let from = 0; from < n; from += 1000) yield Array.from({ length: Math.min(1000, n - from) }, (_, k) => conversation(from + k));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];

mkdirSync(args.dir, { recursive: true });
const file = path.join(args.dir, `search-${n}.db`);
for (const suffix of ['', '-wal', '-shm', '.migrate-lock']) rmSync(`${file}${suffix}`, { force: true });
const url = `file:${file}`;
await ensureDatabase(url);
const db = createDbClient(url);

let t = performance.now();
const { id: datasetId, turnCount } = await saveDataset(db, { name: 'bench search', sourceFormat: 'turnwise', conversations: batches() });
const storeMs = performance.now() - t;
console.log(`Stored ${n.toLocaleString('en-US')} conversations (${turnCount.toLocaleString('en-US')} turns) with the index: ${(storeMs / 1000).toFixed(1)} s`);

// What the index costs an import: the bulk indexing step on its own.
await db.$executeRawUnsafe('DELETE FROM "TurnSearch"');
t = performance.now();
await indexDatasetTurns(db, datasetId, n);
const indexMs = performance.now() - t;
console.log(`Of which indexing the imported turns: ${(indexMs / 1000).toFixed(1)} s`);

await db.$executeRawUnsafe('DROP TABLE "TurnSearch"');
for (const trigger of ['delete', 'update']) await db.$executeRawUnsafe(`DROP TRIGGER "TurnSearch_${trigger}"`);
t = performance.now();
await ensureSearchIndex(url);
const backfillMs = performance.now() - t;
console.log(`Indexing the turns of an existing database: ${(backfillMs / 1000).toFixed(1)} s`);

const cases: Record<string, string> = { common: 'parcel', commonPair: 'refund team', prefix: 'warr', rare: `zq${(n - 7).toString(36)}x`, none: 'quillfeather' };
const figures: Record<string, number> = { conversations: n, turns: turnCount, storeMs: Math.round(storeMs), indexMs: Math.round(indexMs), backfillMs: Math.round(backfillMs) };
for (const [name, text] of Object.entries(cases)) {
  const times: number[] = [];
  let found = 0;
  for (let q = 0; q < queries; q++) {
    t = performance.now();
    found = (await searchTurns(db, datasetId, text)).length;
    times.push(performance.now() - t);
  }
  figures[`${name}MedianMs`] = Number(median(times).toFixed(1));
  figures[`${name}P95Ms`] = Number(p95(times).toFixed(1));
  console.log(`"${text}": ${found} shown, median ${median(times).toFixed(1)} ms, p95 ${p95(times).toFixed(1)} ms over ${queries} searches`);
}
await db.$disconnect();
console.log(`BENCH ${JSON.stringify(figures)}`);
