import type { Db } from '../db/client';
import { loadAuthSettings } from './auth-env';
import { getServerSecret } from './server-secret';
import { ensureEnvAdmin } from './users';

/**
 * At server start: checks the sign-in variables (a bad one stops the start, naming it), makes
 * sure the server secret exists, and creates or resets the TURNWISE_ADMIN_EMAIL admin.
 */
export async function startAuth(db: Db, env: Record<string, string | undefined>): Promise<void> {
  const settings = loadAuthSettings(env);
  getServerSecret(env);
  if (!settings.enabled) {
    console.log('[auth] TURNWISE_AUTH=off: no sign-in, everyone who reaches this port is an admin.');
    return;
  }
  if (settings.admin) {
    const outcome = await ensureEnvAdmin(db, settings.admin);
    console.log(`[auth] admin ${settings.admin.email} ${outcome === 'created' ? 'created' : 'checked'} from TURNWISE_ADMIN_EMAIL`);
  }
}
