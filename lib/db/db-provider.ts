import type { DbOrTx } from './db-types';

/** Whether the client talks to PostgreSQL (else SQLite), for the few queries whose SQL differs. */
export const isPostgresDb = (db: DbOrTx): boolean => (db as unknown as { _activeProvider?: string })._activeProvider === 'postgresql';
