import { checkSchemas } from './check-schemas';
import { postgresServerUrl } from './migration-diff';

// `--sqlite-only` skips replaying the Postgres migrations (no server at hand); CI must not use it.
const sqliteOnly = process.argv.includes('--sqlite-only');

const problems = await checkSchemas({
  root: process.cwd(),
  postgresUrl: postgresServerUrl(),
  providers: sqliteOnly ? ['sqlite'] : ['sqlite', 'postgres'],
});
if (problems.length > 0) {
  for (const problem of problems) console.error(`✗ ${problem}\n`);
  process.exit(1);
}
if (sqliteOnly) console.warn('Postgres migrations were not replayed (--sqlite-only).');
console.log('Database schemas and migrations agree.');
