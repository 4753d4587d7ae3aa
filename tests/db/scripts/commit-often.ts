/*
 * A second process on the same SQLite file: short write transactions, back to back, until its
 * stdin closes. Prints "committing" after its first commit, and its number of commits at the end.
 */
import { createDbClient } from '../../../lib/db/client';

const url = process.argv[2];
const db = createDbClient(url);
let stop = false;
process.stdin.on('end', () => (stop = true)).resume();
let commits = 0;
while (!stop) {
  await db.$transaction(async (tx) => {
    await tx.dataset.create({ data: { projectId: 'default', name: `other ${commits}`, sourceFormat: 'deepeval-json' } });
  });
  if (++commits === 1) console.log('committing');
  await new Promise((r) => setTimeout(r, 2));
}
await db.$disconnect();
console.log(commits);
