import fs from 'node:fs';
import path from 'node:path';
import { prismaPaths } from '../../lib/db/paths';

/**
 * prisma/postgres/schema.prisma is prisma/sqlite/schema.prisma with two lines changed:
 * the datasource provider and the generated client's output folder.
 */
const SQLITE_PROVIDER = /^(\s*provider\s*=\s*)"sqlite"(\s*)$/m;
const SQLITE_OUTPUT = /^(\s*output\s*=\s*"[^"\n]*\/generated\/)sqlite("\s*)$/m;

function countMatches(text: string, pattern: RegExp): number {
  return text.match(new RegExp(pattern.source, 'gm'))?.length ?? 0;
}

export function derivePostgresSchema(sqliteSchema: string): string {
  for (const [what, pattern] of [
    ['provider = "sqlite"', SQLITE_PROVIDER],
    ['output = ".../generated/sqlite"', SQLITE_OUTPUT],
  ] as const) {
    const n = countMatches(sqliteSchema, pattern);
    if (n !== 1) {
      throw new Error(`prisma/sqlite/schema.prisma must contain exactly one line ${what} (found ${n})`);
    }
  }
  return sqliteSchema
    .replace(SQLITE_PROVIDER, '$1"postgresql"$2')
    .replace(SQLITE_OUTPUT, '$1postgres$2');
}

/** Rewrites prisma/postgres/schema.prisma from the SQLite one; true when it changed. */
export function syncPostgresSchema(root: string): boolean {
  const source = fs.readFileSync(prismaPaths('sqlite', root).schemaPath, 'utf8');
  const target = prismaPaths('postgres', root).schemaPath;
  const derived = derivePostgresSchema(source);
  const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : null;
  if (current === derived) return false;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, derived);
  return true;
}
