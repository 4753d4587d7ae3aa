import fs from 'node:fs';
import path from 'node:path';

/*
 * Every Prisma call lives in a query file under lib/db/queries/<area>/: pages, loaders, actions
 * and workers call those functions, never the client. The check is syntactic: a call whose
 * callee is `<anything>.<model>.<operation>(` (a model of prisma/sqlite/schema.prisma, in the
 * client's camelCase) or `<anything>.$queryRaw…` / `$executeRaw…` / `$transaction(`. Whatever
 * the variable is named (`db`, `tx`, a parameter), the shape of the call gives it away.
 */

const ROOT = path.resolve(import.meta.dirname, '..');

/** The client's model delegates: the schema's model names with a lower-case first letter. */
export const PRISMA_MODELS = fs
  .readFileSync(path.join(ROOT, 'prisma/sqlite/schema.prisma'), 'utf8')
  .split('\n')
  .map((line) => /^model\s+(\w+)\s*\{/.exec(line)?.[1])
  .filter(Boolean)
  .map((name) => name[0].toLowerCase() + name.slice(1));

export const PRISMA_OPERATIONS = [
  'findMany',
  'findFirst',
  'findFirstOrThrow',
  'findUnique',
  'findUniqueOrThrow',
  'create',
  'createMany',
  'createManyAndReturn',
  'update',
  'updateMany',
  'updateManyAndReturn',
  'upsert',
  'delete',
  'deleteMany',
  'count',
  'aggregate',
  'groupBy',
];

const RAW = /^\$(queryRaw|queryRawUnsafe|executeRaw|executeRawUnsafe|transaction)$/;


/**
 * Where a Prisma call is allowed: the query files, the client's own plumbing in lib/db (the
 * disk check's PRAGMA), and code that is not the application: tests, e2e fixtures, scripts
 * (benchmarks, database tooling) that set up data directly.
 */
const ALLOWED = [/^lib\/db\//, /^tests\//, /^e2e\//, /^scripts\//, /\.test\.tsx?$/];

const propertyName = (node) => (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier' ? node.property.name : null);

/** Whether a callee is `<x>.<model>.<op>` or `<x>.$queryRaw…`, `$executeRaw…`, `$transaction`. */
function prismaCallOf(callee) {
  const last = propertyName(callee);
  if (!last) return null;
  if (RAW.test(last)) return last;
  if (!PRISMA_OPERATIONS.includes(last)) return null;
  const model = propertyName(callee.object);
  return model && PRISMA_MODELS.includes(model) ? `${model}.${last}` : null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const prismaInQueries = {
  meta: {
    type: 'problem',
    docs: { description: 'A Prisma call (model delegate or raw SQL/transaction) is made only in lib/db/queries' },
    messages: {
      outside: 'Prisma call `{{call}}` outside lib/db/queries: put it in a query function under lib/db/queries/<area>/ and call that.',
    },
    schema: [],
  },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join('/');
    if (ALLOWED.some((pattern) => pattern.test(file))) return {};
    const check = (node) => {
      // `db.run.findMany(…)`, and `db.run.findMany` inside an optional chain or `await`.
      const call = prismaCallOf(node.callee.type === 'ChainExpression' ? node.callee.expression : node.callee);
      if (call) context.report({ node, messageId: 'outside', data: { call } });
    };
    return { CallExpression: check };
  },
};
