import { APIError } from 'better-auth/api';

/** A display name's most characters: every page and list that shows users carries it. */
export const USER_NAME_MAX = 100;
/** A profile picture's address: the dashboard shows none, and an identity provider's is a URL. */
export const USER_IMAGE_MAX = 2_048;

const LIMITS = [
  ['name', USER_NAME_MAX],
  ['image', USER_IMAGE_MAX],
] as const;

/**
 * The name and image of a user row the sign-in library is about to write (sign-up, update-user,
 * an admin's or the set-up page's new user, an OpenID Connect first sign-in). From the identity
 * provider they are cut to their limits (the user cannot change what the provider sends); from
 * anyone else a value over its limit is refused with a 400 naming the field.
 */
export function boundUserFields<T extends Record<string, unknown>>(user: T, fromIdentityProvider: boolean): T {
  const out: Record<string, unknown> = { ...user };
  for (const [field, max] of LIMITS) {
    const value = out[field];
    if (typeof value !== 'string' || value.length <= max) continue;
    if (!fromIdentityProvider) {
      throw new APIError('BAD_REQUEST', { message: `${field}: keep the ${field} under ${max.toLocaleString('en-US')} characters`, code: 'BAD_INPUT', field });
    }
    out[field] = value.slice(0, max);
  }
  return out as T;
}

/** A path of better-auth's OpenID Connect callback (`/callback/:id`). */
export const isIdentityProviderCallback = (path: string | undefined): boolean => path?.startsWith('/callback/') ?? false;
