import { betterAuth } from 'better-auth';
import { prismaAdapter } from 'better-auth/adapters/prisma';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { nextCookies } from 'better-auth/next-js';
import { genericOAuth } from 'better-auth/plugins';
import { getDb } from '../db/client';
import { getDatabaseUrl, parseDatabaseUrl, providerOf } from '../db/url';
import { loadAuthSettings, type AuthSettings } from './auth-env';
import { COOKIE_PREFIX } from './cookie';
import { revokeUserApiKeys } from './api-keys';
import { withHashedSessions } from './hashed-sessions';
import { deriveKey } from './secret-box';
import { getServerSecret } from './server-secret';
import { createSignInBrake, deviceToken, KNOWN_DEVICE_COOKIE, SIGN_IN_IP_LIMIT } from './sign-in-limit';
import { boundUserFields, isIdentityProviderCallback } from './user-fields';
import { settleNewUserRole } from './user-roles';
export const OIDC_PROVIDER_ID = 'oidc';

const emailBrake = createSignInBrake();

function createAuth(settings: AuthSettings, env: Record<string, string | undefined>) {
  const db = getDb();
  const provider = providerOf(parseDatabaseUrl(getDatabaseUrl(env as NodeJS.ProcessEnv))) === 'postgres' ? 'postgresql' : 'sqlite';
  return betterAuth({
    appName: 'Turnwise',
    baseURL: settings.baseUrl,
    basePath: '/api/auth',
    secret: deriveKey(getServerSecret(env), 'better-auth').toString('base64'),
    database: withHashedSessions(prismaAdapter(db, { provider })),
    // Sessions are kept by the hash of their token: these take a token from a list of sessions,
    // which holds hashes, and the dashboard uses none of them (an admin's reset and a password
    // change sign a user out everywhere).
    disabledPaths: ['/list-sessions', '/revoke-session', '/revoke-other-sessions'],
    telemetry: { enabled: false },
    // Its own errors (wrong password, too many tries) it answers itself; anything else (a database
    // that is read-only or full) is thrown to the route, which answers it as every route does.
    onAPIError: { throw: true },
    // Without TURNWISE_URL the server answers on whatever address users type (localhost,
    // 127.0.0.1, a LAN name): trust the origin of the host the request came to, which a
    // cross-site form cannot forge (its Origin is its own site).
    trustedOrigins: settings.baseUrl ? [settings.baseUrl] : (request) => [sameHostOrigin(request)],
    // Accounts are made by the set-up page, by admins, by TURNWISE_ADMIN_* or by OpenID Connect; nobody signs themselves up.
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: 8, maxPasswordLength: 256 },
    user: { additionalFields: { role: { type: 'string', defaultValue: 'viewer', input: false } } },
    session: { expiresIn: 60 * 60 * 24 * 14, updateAge: 60 * 60 * 24 },
    advanced: { cookiePrefix: COOKIE_PREFIX, useSecureCookies: settings.baseUrl?.startsWith('https://') ?? false },
    rateLimit: {
      enabled: true,
      storage: 'memory',
      window: 60,
      max: 600,
      customRules: { '/sign-in/*': { window: SIGN_IN_IP_LIMIT.windowSeconds, max: SIGN_IN_IP_LIMIT.max } },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // A changed password ends every other session, whatever the request asked.
        if (ctx.path === '/change-password') return { context: { body: { ...ctx.body, revokeOtherSessions: true } } };
        if (ctx.path !== '/sign-in/email') return;
        const email = typeof ctx.body?.email === 'string' ? ctx.body.email : '';
        // A device this user signed in from before skips the per-email brake (the per-IP limit still applies).
        if ((await ctx.getSignedCookie(KNOWN_DEVICE_COOKIE.name, ctx.context.secret)) === deviceToken(email)) return;
        const wait = emailBrake.take(email);
        if (wait > 0) {
          throw new APIError('TOO_MANY_REQUESTS', { message: `Too many sign-in attempts for this email; try again in ${wait} s.` });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/change-password') {
          // ...and every API key of its user: a key made by whoever knew the old password stops working.
          if (ctx.context.returned instanceof Error) return;
          const userId = ctx.context.session?.user.id;
          if (userId) await revokeUserApiKeys(db, userId);
          return;
        }
        if (ctx.path !== '/sign-in/email' || !ctx.context.newSession) return;
        emailBrake.succeeded(ctx.context.newSession.user.email);
        await ctx.setSignedCookie(KNOWN_DEVICE_COOKIE.name, deviceToken(ctx.context.newSession.user.email), ctx.context.secret, {
          httpOnly: true,
          sameSite: 'lax',
          secure: settings.baseUrl?.startsWith('https://') ?? false,
          path: '/api/auth',
          maxAge: KNOWN_DEVICE_COOKIE.maxAgeSeconds,
        });
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // A first sign-in through OpenID Connect gets TURNWISE_OIDC_ROLE.
          before: async (user, ctx) => {
            const bounded = boundUserFields(user, isIdentityProviderCallback(ctx?.path));
            if (settings.oidc && isIdentityProviderCallback(ctx?.path)) return { data: { ...bounded, role: settings.oidc.role } };
            return { data: bounded };
          },
          // "viewer" or "editor" is a role in the project "Default"; "admin" an instance admin.
          after: async (user) => settleNewUserRole(db, user),
        },
        // POST /api/auth/update-user wrote any name it was sent (30 MB, then in every list of users).
        update: { before: async (user, ctx) => ({ data: boundUserFields(user, isIdentityProviderCallback(ctx?.path)) }) },
      },
    },
    plugins: [
      ...(settings.oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: OIDC_PROVIDER_ID,
                  discoveryUrl: settings.oidc.discoveryUrl,
                  clientId: settings.oidc.clientId,
                  clientSecret: settings.oidc.clientSecret,
                  scopes: settings.oidc.scopes,
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
      nextCookies(),
    ],
  });
}

/** http(s)://<host> of the request, from Host (or X-Forwarded-Host/Proto, which bin/server.ts keeps only from TURNWISE_TRUSTED_PROXIES). */
export function sameHostOrigin(request: Request | undefined): string | null {
  const host = request?.headers.get('x-forwarded-host') ?? request?.headers.get('host');
  if (!host) return null;
  const proto = request?.headers.get('x-forwarded-proto')?.split(',')[0].trim() ?? new URL(request?.url ?? 'http://x').protocol.replace(':', '');
  return `${proto}://${host}`;
}

export type Auth = ReturnType<typeof createAuth>;

const globalForAuth = globalThis as unknown as { turnwiseAuth?: Auth };

/** The process's better-auth instance, created on first use. */
export function getAuth(env: Record<string, string | undefined> = process.env): Auth {
  globalForAuth.turnwiseAuth ??= createAuth(loadAuthSettings(env), env);
  return globalForAuth.turnwiseAuth;
}

/** Forgets the instance and the per-email counts (tests that change the environment). */
export function resetAuth(): void {
  globalForAuth.turnwiseAuth = undefined;
  emailBrake.reset();
}
