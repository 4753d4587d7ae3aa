import type { Db } from '../db/db-types';
import { withStartupLock } from '../db/startup-lock';
import { getDatabaseUrl } from '../db/url';
import { loadAuthSettings } from './auth-env';
import { getServerSecret } from './server-secret';
import { ensureEnvAdmin } from './users';

/**
 * At server start: checks the sign-in variables (a bad one stops the start, naming it), makes
 * sure the server secret exists, and creates or resets the TURNWISE_ADMIN_EMAIL admin. That step
 * runs under the start-up lock: processes starting together on a new database (the app and a
 * worker, or two app processes) would otherwise both see no admin and both create it.
 */
export async function startAuth(db: Db, env: Record<string, string | undefined>, url: string = getDatabaseUrl(env as NodeJS.ProcessEnv)): Promise<void> {
  const settings = loadAuthSettings(env);
  getServerSecret(env);
  if (!settings.enabled) {
    console.log('[auth] TURNWISE_AUTH=off: no sign-in, everyone who reaches this port is an admin.');
    return;
  }
  const admin = settings.admin;
  if (admin) {
    const outcome = await withStartupLock(url, 'admin', () => ensureEnvAdmin(db, admin));
    console.log(`[auth] admin ${admin.email} ${outcome === 'created' ? 'created' : 'checked'} from TURNWISE_ADMIN_EMAIL`);
  }
}
