import 'server-only';
import type { AuditEntry } from '../../db/queries/audit/audit-events';
import { getDb } from '../../db/client';
import { listAudit } from '../audit';

/** The audit page: the last 200 recorded deletes, cancels, user, role and connection changes, newest first. */
export const loadAuditPage = (): Promise<AuditEntry[]> => listAudit(getDb());
