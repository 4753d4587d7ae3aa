import path from 'node:path';
import type { DbProvider } from './url';

/** prisma/<provider>/: the schema, its migrations and their lock file. */
export function prismaPaths(provider: DbProvider, root: string = process.cwd()) {
  const dir = path.join(root, 'prisma', provider);
  return {
    dir,
    schemaPath: path.join(dir, 'schema.prisma'),
    migrationsDir: path.join(dir, 'migrations'),
  };
}
