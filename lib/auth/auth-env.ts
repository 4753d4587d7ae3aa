import { z } from 'zod';
import { AppError } from '../errors';

const blankIsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankIsUnset, schema.optional());
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const authEnvSchema = z
  .object({
    TURNWISE_AUTH: optional(z.enum(['on', 'off'], { error: 'must be "on" or "off"' })),
    TURNWISE_ADMIN_EMAIL: optional(z.email({ error: 'must be an email address' }).trim().toLowerCase()),
    TURNWISE_ADMIN_PASSWORD: optional(z.string().min(8, 'must have at least 8 characters')),
    /** The address users open; needed behind a proxy and for OpenID Connect's redirect. */
    TURNWISE_URL: optional(httpUrl),
    TURNWISE_OIDC_ISSUER: optional(httpUrl),
    TURNWISE_OIDC_CLIENT_ID: optional(z.string().trim().min(1)),
    TURNWISE_OIDC_CLIENT_SECRET: optional(z.string().trim().min(1)),
    TURNWISE_OIDC_NAME: optional(z.string().trim().min(1).max(40)),
    TURNWISE_OIDC_SCOPES: optional(z.string().trim().min(1)),
    TURNWISE_OIDC_ROLE: optional(z.enum(['viewer', 'editor', 'admin'], { error: 'must be viewer, editor or admin' })),
  })
  .superRefine((env, ctx) => {
    if ((env.TURNWISE_ADMIN_EMAIL === undefined) !== (env.TURNWISE_ADMIN_PASSWORD === undefined)) {
      const missing = env.TURNWISE_ADMIN_EMAIL === undefined ? 'TURNWISE_ADMIN_EMAIL' : 'TURNWISE_ADMIN_PASSWORD';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'must be set together with the other of TURNWISE_ADMIN_EMAIL and TURNWISE_ADMIN_PASSWORD' });
    }
    const oidc = ['TURNWISE_OIDC_ISSUER', 'TURNWISE_OIDC_CLIENT_ID', 'TURNWISE_OIDC_CLIENT_SECRET'] as const;
    const set = oidc.filter((name) => env[name] !== undefined);
    if (set.length > 0 && set.length < oidc.length) {
      for (const name of oidc.filter((n) => env[n] === undefined)) {
        ctx.addIssue({ code: 'custom', path: [name], message: `must be set for OpenID Connect (${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set)` });
      }
    }
    if (set.length === oidc.length && !env.TURNWISE_URL) {
      ctx.addIssue({ code: 'custom', path: ['TURNWISE_URL'], message: 'must be set for OpenID Connect: the provider redirects back to <TURNWISE_URL>/api/auth/callback/oidc' });
    }
  });

export interface OidcSettings {
  issuer: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  /** The button's label: "Sign in with <name>". */
  name: string;
  scopes: string[];
  /** The role of a user's first sign-in through the provider. */
  role: 'viewer' | 'editor' | 'admin';
}

export interface AuthSettings {
  /** False with TURNWISE_AUTH=off: one local user, no sign-in. */
  enabled: boolean;
  admin: { email: string; password: string } | null;
  baseUrl: string | undefined;
  oidc: OidcSettings | null;
}

/** The sign-in settings from an environment record; a bad value throws naming its variable. */
export function loadAuthSettings(env: Record<string, string | undefined>): AuthSettings {
  const parsed = authEnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue.path[0]);
    throw new AppError('CONFIG', `${variable}: ${issue.message}`, { variable });
  }
  const v = parsed.data;
  const issuer = v.TURNWISE_OIDC_ISSUER?.replace(/\/+$/, '');
  return {
    enabled: v.TURNWISE_AUTH !== 'off',
    admin: v.TURNWISE_ADMIN_EMAIL && v.TURNWISE_ADMIN_PASSWORD ? { email: v.TURNWISE_ADMIN_EMAIL, password: v.TURNWISE_ADMIN_PASSWORD } : null,
    baseUrl: v.TURNWISE_URL?.replace(/\/+$/, ''),
    oidc:
      issuer && v.TURNWISE_OIDC_CLIENT_ID && v.TURNWISE_OIDC_CLIENT_SECRET
        ? {
            issuer,
            discoveryUrl: `${issuer}/.well-known/openid-configuration`,
            clientId: v.TURNWISE_OIDC_CLIENT_ID,
            clientSecret: v.TURNWISE_OIDC_CLIENT_SECRET,
            name: v.TURNWISE_OIDC_NAME ?? 'single sign-on',
            scopes: (v.TURNWISE_OIDC_SCOPES ?? 'openid email profile').split(/[\s,]+/).filter(Boolean),
            role: v.TURNWISE_OIDC_ROLE ?? 'viewer',
          }
        : null,
  };
}

/** True unless TURNWISE_AUTH=off (a malformed value keeps sign-in on). */
export const authEnabled = (env: Record<string, string | undefined> = process.env): boolean => env.TURNWISE_AUTH?.trim() !== 'off';
