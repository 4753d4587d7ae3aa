import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { createPostgresMigrationFactory } from './postgres-adapter';
import { createSqliteMigrationFactory } from './sqlite-adapter';
import { providerOf } from './url';

/** The adapter factory the schema engine (and the check of applied migrations) connects with. */
export function createMigrationFactory(url: string): SqlMigrationAwareDriverAdapterFactory {
  return providerOf(url) === 'postgres' ? createPostgresMigrationFactory(url) : createSqliteMigrationFactory(url);
}
