import path from 'node:path';
import { prismaInQueries } from './prisma-in-queries.mjs';
import { projectScopedQueries } from './project-scoped-queries.mjs';

/*
 * A 'use client' module is sent to the browser with everything it imports, so it must not
 * import the server's parts: the database, the judge clients, run orchestration. Type-only
 * imports are allowed: TypeScript erases them, so no server code reaches the bundle, and a
 * client form can name the server's input types instead of restating them by hand.
 * (What a client module reaches through other modules is caught at build time by the
 * `server-only` import in the server modules themselves.)
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_FOLDERS = ['lib/db', 'lib/judge', 'lib/runs'];

/** The repository path an import names, or null for a package. */
function resolveSpecifier(specifier, filename) {
  if (specifier.startsWith('@/')) return specifier.slice(2);
  if (specifier.startsWith('.')) return path.relative(ROOT, path.resolve(path.dirname(filename), specifier)).split(path.sep).join('/');
  return null;
}

const serverFolderOf = (target) => SERVER_FOLDERS.find((folder) => target === folder || target.startsWith(`${folder}/`));

const isUseClient = (program) =>
  program.body.some((node) => node.type === 'ExpressionStatement' && node.directive === 'use client');

/** @type {import('eslint').Rule.RuleModule} */
export const clientBoundary = {
  meta: {
    type: 'problem',
    docs: { description: "A 'use client' module imports no server module (lib/db, lib/judge, lib/runs) except for types" },
    messages: {
      serverImport: "'use client' module imports {{target}} ({{folder}} is server-only); import its types with `import type`, or move the work to a server component or action.",
    },
    schema: [],
  },
  create(context) {
    let client = false;
    const check = (node, source, typeOnly) => {
      if (!client || typeOnly || !source || typeof source.value !== 'string') return;
      const target = resolveSpecifier(source.value, context.filename);
      const folder = target && serverFolderOf(target);
      if (folder) context.report({ node, messageId: 'serverImport', data: { target: source.value, folder } });
    };
    return {
      Program(program) {
        client = isUseClient(program);
      },
      ImportDeclaration(node) {
        const typeOnly = node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));
        check(node, node.source, typeOnly);
      },
      ExportNamedDeclaration(node) {
        check(node, node.source, node.exportKind === 'type');
      },
      ExportAllDeclaration(node) {
        check(node, node.source, node.exportKind === 'type');
      },
      ImportExpression(node) {
        check(node, node.source, false);
      },
    };
  },
};

const plugin = { meta: { name: 'turnwise' }, rules: { 'client-boundary': clientBoundary, 'prisma-in-queries': prismaInQueries, 'project-scoped-queries': projectScopedQueries } };

export default plugin;
