import { getDb } from '../db/client';
import { loadAuthSettings } from './auth-env';
import { currentActor } from './session';
import { countUsers } from './users';

/** What the sign-in page shows: the set-up page on an empty database, nothing when signed in (or sign-in is off). */
export async function signInPageState(): Promise<{ kind: 'setup' } | { kind: 'signed-in' } | { kind: 'form'; oidcName: string | null }> {
  const settings = loadAuthSettings(process.env);
  if (!settings.enabled || (await currentActor())) return { kind: 'signed-in' };
  if ((await countUsers(getDb())) === 0) return { kind: 'setup' };
  return { kind: 'form', oidcName: settings.oidc?.name ?? null };
}
