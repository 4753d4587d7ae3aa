import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { prismaPaths } from '../../lib/db/paths';
import { checkSchemas } from '../../scripts/db/check-schemas';
import { createMigration } from '../../scripts/db/create-migration';
import { syncPostgresSchema } from '../../scripts/db/derive-postgres-schema';
import { nodeArgs } from '../helpers/entry-bundles';
import { providers, TEST_POSTGRES_URL } from './databases';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const temporaryRoots: string[] = [];

/** A scratch project root holding a copy of prisma/, to break without touching the real one. */
function copyOfPrismaFolder(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'turnwise-check-'));
  temporaryRoots.push(root);
  fs.cpSync(path.join(repoRoot, 'prisma'), path.join(root, 'prisma'), { recursive: true });
  return root;
}

function addFieldToDataset(root: string): void {
  const schemaPath = prismaPaths('sqlite', root).schemaPath;
  const schema = fs.readFileSync(schemaPath, 'utf8');
  const edited = schema.replace(/(model Dataset \{\n)/, '$1  archivedAt        DateTime?\n');
  expect(edited).not.toBe(schema);
  fs.writeFileSync(schemaPath, edited);
}

function runCheckCli(cwd: string) {
  const args = [...nodeArgs('scripts/db/check.ts'), ...(TEST_POSTGRES_URL ? [] : ['--sqlite-only'])];
  return spawnSync(process.execPath, args, { cwd, encoding: 'utf8', env: { ...process.env, SHADOW_DATABASE_URL: '' } });
}

afterEach(() => {
  for (const root of temporaryRoots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

describe('db:check', () => {
  const options = (root: string) => ({ root, postgresUrl: TEST_POSTGRES_URL, providers });

  it('passes on the committed schemas and migrations', async () => {
    expect(await checkSchemas(options(repoRoot))).toEqual([]);
    const cli = runCheckCli(repoRoot);
    expect(cli.stderr).not.toContain('✗');
    expect(cli.status).toBe(0);
  });

  it('fails when the schema gains a field without a migration', async () => {
    const root = copyOfPrismaFolder();
    addFieldToDataset(root);
    syncPostgresSchema(root);
    const problems = await checkSchemas(options(root));
    for (const provider of providers) {
      expect(problems.some((p) => p.startsWith(`prisma/${provider}: the migrations do not produce`))).toBe(true);
    }
    expect(problems.join('\n')).toContain('archivedAt');
    const cli = runCheckCli(root);
    expect(cli.status).toBe(1);
    expect(cli.stderr).toContain('archivedAt');
  });

  it('fails when the Postgres schema is not derived from the SQLite one', async () => {
    const root = copyOfPrismaFolder();
    addFieldToDataset(root);
    const problems = await checkSchemas({ ...options(root), providers: [] });
    expect(problems).toEqual([expect.stringContaining('is not derived from prisma/sqlite/schema.prisma')]);
  });

  it.runIf(TEST_POSTGRES_URL)('passes again once db:migration has written both migrations', async () => {
    const root = copyOfPrismaFolder();
    addFieldToDataset(root);
    const created = await createMigration({ root, name: 'Add archivedAt', postgresUrl: TEST_POSTGRES_URL });
    expect(created.name).toMatch(/^\d{14}_add_archivedat$/);
    expect(created.changed).toEqual(['sqlite', 'postgres']);
    for (const provider of providers) {
      const sql = fs.readFileSync(
        path.join(prismaPaths(provider, root).migrationsDir, created.name!, 'migration.sql'),
        'utf8',
      );
      expect(sql).toContain('archivedAt');
    }
    expect(await checkSchemas(options(root))).toEqual([]);
    expect(await createMigration({ root, name: 'again', postgresUrl: TEST_POSTGRES_URL })).toEqual({
      name: null,
      changed: [],
    });
  });
});
