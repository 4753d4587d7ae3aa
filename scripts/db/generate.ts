import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { prismaPaths } from '../../lib/db/paths';
import { syncPostgresSchema } from './derive-postgres-schema';
import { PROVIDERS } from './migration-diff';

/**
 * Derives the Postgres schema and generates both Prisma clients, offline: every Prisma
 * CLI command first tries to download the native schema engine, except when
 * PRISMA_SCHEMA_ENGINE_BINARY names an existing file. `generate` never runs it, so any
 * file does; ours is the Node binary itself.
 */
export function generateClients(root: string): void {
  if (syncPostgresSchema(root)) console.log('prisma/postgres/schema.prisma updated');
  const prismaCli = createRequire(path.join(root, 'package.json')).resolve('prisma/build/index.js');
  for (const provider of PROVIDERS) {
    const result = spawnSync(
      process.execPath,
      [prismaCli, 'generate', '--schema', prismaPaths(provider, root).schemaPath],
      {
        cwd: root,
        stdio: 'inherit',
        env: {
          ...process.env,
          PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || process.execPath,
          PRISMA_HIDE_UPDATE_MESSAGE: '1',
          CHECKPOINT_DISABLE: '1',
        },
      },
    );
    if (result.status !== 0) {
      throw new Error(`prisma generate failed for ${provider} (exit ${result.status ?? result.signal})`);
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    generateClients(process.cwd());
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
