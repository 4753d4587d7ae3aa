import 'server-only';
import { getDb } from '../../db/client';
import type { Principal } from '../../identity/principal';
import { hasRole } from '../../identity/roles';
import { listAllApiKeys, listApiKeys } from '../api-keys';

/** The API keys page: the signed-in user's own keys and, for an admin, every other user's keys. */
export async function loadApiKeysPage(me: Principal) {
  const db = getDb();
  const keys = me.via === 'session' ? await listApiKeys(db, me.project.id, me.id) : [];
  const everyone = hasRole(me.role, 'admin') ? await listAllApiKeys(db, me.project.id, me.id) : null;
  return { keys, everyone };
}
