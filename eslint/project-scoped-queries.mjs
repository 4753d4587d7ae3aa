import fs from 'node:fs';
import path from 'node:path';
import { PRISMA_OPERATIONS } from './prisma-in-queries.mjs';

/*
 * A query of a table a project owns names the project. Every model with a `projectId` column
 * (read from prisma/sqlite/schema.prisma, so a new one is covered the day it gets the column)
 * is "scoped": in lib/db/queries, a call of its delegate (`db.run.findMany(…)`) must name
 * `projectId` in its argument, and raw SQL that names its table ("Run") must name "projectId".
 * Records reached through their parent (a run's results, a dataset's conversations) are not
 * scoped tables: the boundary finds the parent in the project first.
 *
 * A query that a worker also calls for its own record takes a scope (lib/db/project-scope.ts):
 * `where: { id, ...byProject(scope) }` counts as naming the project.
 *
 * The few queries that work across projects on purpose (a worker that takes any project's
 * queued run, a key found by its hash) say so: a comment containing "across projects:" and the
 * reason, before the statement, the function or its export.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const SCHEMA = fs.readFileSync(path.join(ROOT, 'prisma/sqlite/schema.prisma'), 'utf8');

/** Models with a projectId column: their names as the schema spells them. */
export const SCOPED_MODELS = [...SCHEMA.matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm)].filter((m) => /^\s+projectId\s+String\s*$/m.test(m[2])).map((m) => m[1]);

const DELEGATES = new Set(SCOPED_MODELS.map((name) => name[0].toLowerCase() + name.slice(1)));
const TABLE_PATTERN = new RegExp(`"(${SCOPED_MODELS.join('|')})"`);
const RAW = /^\$(queryRaw|queryRawUnsafe|executeRaw|executeRawUnsafe)$/;
const MARK = /across projects:/i;
/** A project's id, or a scope (lib/db/project-scope.ts: byProject) that is one unless a worker passes ANY_PROJECT. */
const NAMES_PROJECT = /projectId|byProject\(/;

const propertyName = (node) => (node?.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier' ? node.property.name : null);

/** @type {import('eslint').Rule.RuleModule} */
export const projectScopedQueries = {
  meta: {
    type: 'problem',
    docs: { description: "A query of a table a project owns names the project's id (or says why it works across projects)" },
    messages: {
      delegate: '`{{call}}` reads or writes {{model}}, which a project owns: name `projectId` in its argument, or say why it works across projects in a comment ("across projects: …").',
      raw: 'This SQL names {{table}}, which a project owns: filter by "projectId", or say why it works across projects in a comment ("across projects: …").',
    },
    schema: [],
  },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join('/');
    if (!file.startsWith('lib/db/queries/') || /\.test\.tsx?$/.test(file)) return {};
    const source = context.sourceCode;

    /** Whether a comment before the node, or before any expression, statement or declaration around it, carries the mark. */
    const marked = (node) => {
      for (let at = node; at && at.type !== 'Program'; at = at.parent) {
        if (source.getCommentsBefore(at).some((c) => MARK.test(c.value))) return true;
      }
      return false;
    };

    /** Whether a variable the argument uses was made with the project (`const where = { projectId, … }`, or a parameter typed with it). */
    const namesProjectThrough = (argument) => {
      const scope = source.getScope(argument);
      const names = new Set();
      const walk = (n) => {
        if (!n || typeof n.type !== 'string') return;
        if (n.type === 'Identifier') names.add(n.name);
        for (const key of Object.keys(n)) {
          if (key === 'parent') continue;
          const child = n[key];
          if (Array.isArray(child)) child.forEach(walk);
          else if (child && typeof child.type === 'string') walk(child);
        }
      };
      walk(argument);
      for (let s = scope; s; s = s.upper) {
        for (const variable of s.variables) {
          if (!names.has(variable.name)) continue;
          for (const def of variable.defs) {
            const made = def.type === 'Parameter' ? def.name : def.node;
            if (made && NAMES_PROJECT.test(source.getText(made))) return true;
          }
        }
      }
      return false;
    };

    return {
      CallExpression(node) {
        const callee = node.callee.type === 'ChainExpression' ? node.callee.expression : node.callee;
        const op = propertyName(callee);
        if (!op) return;
        if (RAW.test(op) && node.arguments[0]) {
          const text = source.getText(node.arguments[0]);
          const table = TABLE_PATTERN.exec(text);
          if (table && !/projectId/.test(text) && !marked(node)) context.report({ node, messageId: 'raw', data: { table: table[0] } });
          return;
        }
        if (!PRISMA_OPERATIONS.includes(op)) return;
        const model = propertyName(callee.object);
        if (!model || !DELEGATES.has(model)) return;
        const argument = node.arguments[0];
        if (argument && (NAMES_PROJECT.test(source.getText(argument)) || namesProjectThrough(argument))) return;
        if (marked(node)) return;
        context.report({ node, messageId: 'delegate', data: { call: `${model}.${op}`, model: model[0].toUpperCase() + model.slice(1) } });
      },
      TaggedTemplateExpression(node) {
        const tag = node.tag;
        const name = tag.type === 'MemberExpression' ? propertyName(tag) : tag.type === 'Identifier' ? tag.name : null;
        if (!name || !(RAW.test(name) || name === 'sql')) return;
        const text = node.quasi.quasis.map((q) => q.value.raw).join('${}');
        const table = TABLE_PATTERN.exec(text);
        if (table && !/projectId/.test(source.getText(node.quasi)) && !marked(node)) context.report({ node, messageId: 'raw', data: { table: table[0] } });
      },
    };
  },
};
