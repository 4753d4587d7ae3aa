import fs from 'node:fs';
import path from 'node:path';
import type { DbProvider } from '../../lib/db/url';

/** A project root under `tmp` whose migrations of `provider` stop before `migration`: a database migrated with it is of the schema before it. */
export function rootBefore(tmp: string, provider: DbProvider, migration: string): string {
  const from = path.resolve('prisma', provider, 'migrations');
  const to = path.join(tmp, provider, 'prisma', provider, 'migrations');
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name >= migration) continue;
    fs.cpSync(path.join(from, entry.name), path.join(to, entry.name), { recursive: true });
  }
  return path.join(tmp, provider);
}
