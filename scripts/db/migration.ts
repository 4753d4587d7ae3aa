import { createMigration } from './create-migration';
import { generateClients } from './generate';
import { postgresServerUrl } from './migration-diff';

async function main(): Promise<void> {
  const name = process.argv.slice(2).filter((arg) => !arg.startsWith('-')).join('_');
  if (!name) {
    console.error('Usage: npm run db:migration -- <name>');
    process.exit(2);
  }
  const root = process.cwd();
  const created = await createMigration({ root, name, postgresUrl: postgresServerUrl() });
  if (!created.name) {
    console.log('The schema and the migrations agree: no migration created.');
    return;
  }
  console.log(`Created prisma/{sqlite,postgres}/migrations/${created.name}/migration.sql`);
  if (created.changed.length < 2) {
    console.warn(`Only ${created.changed.join(', ')} had changes; the other migration is empty.`);
  }
  generateClients(root);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
