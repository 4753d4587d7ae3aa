import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dropPostgresDatabase } from '../../lib/db/postgres-adapter';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run keeps its migrated template databases (see migratedDatabase). */
    databaseTemplates: { dir: string; postgresName: string };
  }
}

/*
 * Vitest's global setup: names this run's migrated templates. Nothing is made here: the
 * first test file that asks for a migrated database makes the template (a run of pure unit
 * files pays nothing); teardown removes whatever was made.
 */
export default function setup(project: TestProject): () => Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turnwise-templates-'));
  const postgresName = `turnwise_test_template_${randomUUID().replace(/-/g, '')}`;
  project.provide('databaseTemplates', { dir, postgresName });
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    const base = process.env.TEST_POSTGRES_URL?.trim();
    if (base) await dropPostgresDatabase(base, postgresName);
  };
}
