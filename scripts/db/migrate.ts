import 'dotenv/config';
import { ensureDatabase } from '../../lib/db/migrations';
import { getDatabaseUrl } from '../../lib/db/url';

// Applies the unapplied migrations to DATABASE_URL, as the app and the CLI do when they start.
try {
  await ensureDatabase(getDatabaseUrl());
  console.log('The database is up to date.');
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
