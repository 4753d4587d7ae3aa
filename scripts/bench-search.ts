/*
 * Full-text search over every turn at 100,000 conversations (SQLite, or PostgreSQL with --postgres): how long storing the
 * turns takes with the index (and the indexing step alone), how long indexing an existing database
 * takes (the one-time backfill), and the time of dataset searches for common and rare words, and of
 * counting their matches (up to the cap the page shows).
 * Usage: npm run bench:search [-- --conversations 100000] [--queries 21] [--dir /tmp/…]
 *        [--postgres postgresql://user:pass@host/db] (a role with CREATEDB: the bench makes and drops its own database)
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDbClient } from '../lib/db/client';
import { ensureDatabase } from '../lib/db/migrations';
import { createPostgresDatabase, dropPostgresDatabase } from '../lib/db/postgres-adapter';
import { indexDatasetTurns } from '../lib/db/queries/datasets/index-dataset-turns';
import { saveDataset } from '../lib/imports/save-dataset';
import { countTurnMatches, MATCH_COUNT_CAP, searchTurns } from '../lib/db/queries/datasets/search-turns';
import { ensureSearchIndex } from '../lib/db/search-index';
import type { Conversation } from '../lib/domain';

const { values: args } = parseArgs({
  options: {
    conversations: { type: 'string', default: '100000' },
    queries: { type: 'string', default: '21' },
    dir: { type: 'string', default: '/tmp/turnwise-bench-search' },
    postgres: { type: 'string' },
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

async function prepare(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (args.postgres) {
    const name = `turnwise_bench_search_${n}`;
    await dropPostgresDatabase(args.postgres, name);
    return { url: await createPostgresDatabase(args.postgres, name), drop: () => dropPostgresDatabase(args.postgres!, name) };
  }
  mkdirSync(args.dir, { recursive: true });
  const file = path.join(args.dir, `search-${n}.db`);
  for (const suffix of ['', '-wal', '-shm', '.migrate-lock']) rmSync(`${file}${suffix}`, { force: true });
  return { url: `file:${file}`, drop: async () => {} };
}

const database = await prepare();
const { url } = database;
await ensureDatabase(url);
const db = createDbClient(url);
const engine = args.postgres ? 'PostgreSQL (stored tsvector, GIN index)' : 'SQLite (FTS5)';

let t = performance.now();
const { id: datasetId, turnCount } = await saveDataset(db, { projectId: 'default', name: 'bench search', sourceFormat: 'turnwise', conversations: batches() });
const storeMs = performance.now() - t;
console.log(`${engine}: stored ${n.toLocaleString('en-US')} conversations (${turnCount.toLocaleString('en-US')} turns) with the index: ${(storeMs / 1000).toFixed(1)} s`);

let indexMs = 0;
if (!args.postgres) {
  // What the index costs an import: the bulk indexing step on its own (PostgreSQL's index keeps itself, row by row).
  await db.$executeRawUnsafe('DELETE FROM "TurnSearch"');
  t = performance.now();
  await indexDatasetTurns(db, datasetId, n);
  indexMs = performance.now() - t;
  console.log(`Of which indexing the imported turns: ${(indexMs / 1000).toFixed(1)} s`);
}

if (args.postgres) await db.$executeRawUnsafe('ALTER TABLE "Turn" DROP COLUMN "contentSearch"');
else {
  await db.$executeRawUnsafe('DROP TABLE "TurnSearch"');
  for (const trigger of ['delete', 'update']) await db.$executeRawUnsafe(`DROP TRIGGER "TurnSearch_${trigger}"`);
}
t = performance.now();
await ensureSearchIndex(url);
const backfillMs = performance.now() - t;
console.log(`Indexing the turns of an existing database: ${(backfillMs / 1000).toFixed(1)} s`);
if (args.postgres) await db.$executeRawUnsafe('ANALYZE');

const cases: Record<string, string> = { common: 'parcel', commonPair: 'refund team', prefix: 'warr', rare: `zq${(n - 7).toString(36)}x`, none: 'quillfeather' };
const figures: Record<string, number> = { postgres: args.postgres ? 1 : 0, conversations: n, turns: turnCount, storeMs: Math.round(storeMs), indexMs: Math.round(indexMs), backfillMs: Math.round(backfillMs) };
for (const [name, text] of Object.entries(cases)) {
  const times: number[] = [];
  const countTimes: number[] = [];
  let found = 0;
  let counted = 0;
  for (let q = 0; q < queries; q++) {
    t = performance.now();
    found = (await searchTurns(db, datasetId, text)).length;
    times.push(performance.now() - t);
    t = performance.now();
    counted = await countTurnMatches(db, datasetId, text);
    countTimes.push(performance.now() - t);
  }
  figures[`${name}MedianMs`] = Number(median(times).toFixed(1));
  figures[`${name}P95Ms`] = Number(p95(times).toFixed(1));
  figures[`${name}CountMedianMs`] = Number(median(countTimes).toFixed(1));
  figures[`${name}Count`] = counted;
  console.log(
    `"${text}": ${found} shown, median ${median(times).toFixed(1)} ms, p95 ${p95(times).toFixed(1)} ms over ${queries} searches; ` +
      `${counted > MATCH_COUNT_CAP ? `more than ${MATCH_COUNT_CAP}` : counted} counted in ${median(countTimes).toFixed(1)} ms (median)`,
  );
}
await db.$disconnect();
await database.drop();
console.log(`BENCH ${JSON.stringify(figures)}`);
