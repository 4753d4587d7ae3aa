/* A second process on the same SQLite file: short write transactions, back to back, for argv[3] ms. */
import { createDbClient } from '../../../lib/db/client';

const [url, ms] = [process.argv[2], Number(process.argv[3])];
const db = createDbClient(url);
const until = Date.now() + ms;
let commits = 0;
while (Date.now() < until) {
  await db.$transaction(async (tx) => {
    await tx.dataset.create({ data: { name: `other ${commits}`, sourceFormat: 'deepeval-json' } });
  });
  commits++;
  await new Promise((r) => setTimeout(r, 2));
}
await db.$disconnect();
console.log(commits);
