import { decryptText, deriveKey, encryptText, lastFour } from '../auth/secret-box';
import { getServerSecret } from '../auth/server-secret';
import type { Db } from '../db/db-types';
import { countAllUsers } from '../db/queries/users/count-users';
import { adminPolicy, egressPolicy, readEgressSettings, type EgressPolicy } from '../llm/egress';
import { registerSecret } from '../redact-secrets';

type Env = Record<string, string | undefined>;

/** Who set a destination's URL: an admin (or the operator), or an editor; its deliveries follow that one's egress policy. */
export type UrlSetBy = 'admin' | 'editor';

/** A destination ready to send to: its URL and signing secret opened (server-side only, and registered as secrets for every log). */
export interface OpenDestination {
  kind: 'webhook' | 'slack';
  url: string;
  secret: string | null;
  urlSetBy: UrlSetBy;
}

// Its own purpose: a key derived for judge connections opens none of these, nor the other way round.
const keyFor = (env: Env) => deriveKey(getServerSecret(env), 'alert-destinations');

export const sealText = (plain: string, env: Env): string => encryptText(plain, keyFor(env));

/** "https://hooks.slack.com/…Xy12": all of a destination's URL a page shows (its path may be its credential). */
export function urlHint(url: string): string {
  const origin = new URL(url).origin;
  return `${origin}/…${lastFour(url)}`;
}

/** The sealed URL and secret of a rule, opened; a changed TURNWISE_SECRET throws CONFIG saying to enter them again. */
export function openDestination(sealed: { destinationKind: string; urlCipher: string; secretCipher: string | null; urlSetBy: string }, env: Env): OpenDestination {
  const key = keyFor(env);
  const url = decryptText(sealed.urlCipher, key);
  const secret = sealed.secretCipher ? decryptText(sealed.secretCipher, key) : null;
  registerSecret(url);
  registerSecret(secret);
  return { kind: sealed.destinationKind === 'slack' ? 'slack' : 'webhook', url, secret, urlSetBy: sealed.urlSetBy === 'admin' ? 'admin' : 'editor' };
}

/**
 * What a destination's URL may reach: an admin's may reach loopback and private addresses, an
 * editor's only where the settings let editors (lib/llm/egress/egress-policy.ts); nobody's a
 * metadata address unless TURNWISE_EGRESS_ALLOW lists it.
 */
export async function destinationPolicy(db: Db, setBy: UrlSetBy, env: Env): Promise<EgressPolicy> {
  const settings = readEgressSettings(env);
  if (setBy === 'admin') return adminPolicy(settings);
  const users = settings.privateAccess === 'auto' && settings.loopbackOnly ? await countAllUsers(db) : Number.POSITIVE_INFINITY;
  return egressPolicy(settings, 'editor', users);
}
