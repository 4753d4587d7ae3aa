import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiKey } from '../lib/auth/api-keys';
import { getAuth, resetAuth } from '../lib/auth/auth';
import { AUTH_BODY_MAX_BYTES } from '../lib/auth/auth-body';
import { authenticate } from '../lib/auth/authenticate';
import { sessionTokenHash } from '../lib/auth/hashed-sessions';
import { createPasswordUser, ensureEnvAdmin } from '../lib/auth/users';
import { disconnectDb, getDb } from '../lib/db/client';
import { migratedDatabase, type FreshDatabase } from './db/databases';

// The server actions read the request's headers: here, those of the admin's session on a page of "default" (the proxy names the project).
const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock('next/headers', () => ({ headers: async () => request.headers }));
vi.mock('next/cache', () => ({ revalidatePath: () => undefined }));

/*
 * Accounts and keys at the boundaries a browser or a script reaches: better-auth's routes with
 * bodies of any size, names of any length, session tokens at rest, and what a password reset or
 * change leaves working.
 */
let database: FreshDatabase;
let auth: typeof import('../app/api/auth/[...all]/route');
let userActions: typeof import('../lib/actions/users');
let keyActions: typeof import('../lib/actions/api-keys');
const saved = { DATABASE_URL: process.env.DATABASE_URL, TURNWISE_AUTH: process.env.TURNWISE_AUTH, TURNWISE_API_KEY: process.env.TURNWISE_API_KEY };
const PASSWORD = 'correct horse battery';
let ip = 0;

const post = (path: string, body: BodyInit | null, headers: Record<string, string> = {}) =>
  auth.POST(
    new Request(`http://localhost/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost', 'x-forwarded-for': `10.9.0.${++ip}`, ...headers },
      body,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit),
  );
const cookieOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
async function signIn(email: string, password = PASSWORD): Promise<string> {
  const res = await post('/sign-in/email', JSON.stringify({ email, password }));
  expect(res.status, await res.clone().text()).toBe(200);
  return cookieOf(res);
}
const who = async (headers: Record<string, string>) => (await authenticate(new Headers(headers)))?.email ?? null;
const userId = async (email: string) => (await getDb().user.findUniqueOrThrow({ where: { email }, select: { id: true } })).id;

/** A body of `bytes` that counts how much of it was read. */
function countedStream(bytes: number, chunk = 16 * 1024): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      sent += chunk;
      controller.enqueue(new Uint8Array(chunk).fill(0x61));
    },
  });
  return { stream, pulled: () => sent };
}

beforeAll(async () => {
  database = await migratedDatabase('sqlite');
  await disconnectDb();
  process.env.DATABASE_URL = database.url;
  delete process.env.TURNWISE_AUTH;
  delete process.env.TURNWISE_API_KEY;
  resetAuth();
  auth = await import('../app/api/auth/[...all]/route');
  userActions = await import('../lib/actions/users');
  keyActions = await import('../lib/actions/api-keys');
  await ensureEnvAdmin(getDb(), { email: 'admin@example.com', password: PASSWORD });
  await createPasswordUser(getDb(), { email: 'editor@example.com', name: 'Editor', password: PASSWORD, role: 'editor' });
  request.headers = new Headers({ cookie: await signIn('admin@example.com'), 'x-turnwise-project': 'default' });
});
beforeEach(() => resetAuth());
afterAll(async () => {
  resetAuth();
  await disconnectDb();
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  await database?.drop();
});

describe('bodies sent to the sign-in routes', () => {
  it('refuses a body over the limit while it arrives, with 413 and a JSON error, when it does not say its length', async () => {
    const body = countedStream(300 * 1024 * 1024);
    const res = await post('/sign-in/email', body.stream);
    expect(res.status).toBe(413);
    expect((await res.json()).error).toMatchObject({ code: 'TOO_LARGE', message: expect.stringMatching(/larger than 64 KB/) });
    // Read to the limit and one chunk past it, not 300 MB.
    expect(body.pulled()).toBeLessThanOrEqual(AUTH_BODY_MAX_BYTES + 32 * 1024);
  });

  it('refuses a declared length over the limit before reading, and still signs in with a normal body', async () => {
    const body = countedStream(1024 * 1024);
    const res = await post('/sign-in/email', body.stream, { 'content-length': String(300 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(16 * 1024);
    expect(await signIn('editor@example.com')).toMatch(/turnwise\.session_token=/);
  });
});

describe('display names', () => {
  it('refuses a name over 100 characters through update-user, keeping the stored one; 100 fit', async () => {
    const cookie = await signIn('editor@example.com');
    const long = await post('/update-user', JSON.stringify({ name: 'n'.repeat(101) }), { cookie });
    expect(long.status).toBe(400);
    expect(await long.text()).toMatch(/name: keep the name under 100 characters/);
    const image = await post('/update-user', JSON.stringify({ image: `https://x.example/${'i'.repeat(5000)}` }), { cookie });
    expect(image.status).toBe(400);
    expect((await getDb().user.findUniqueOrThrow({ where: { email: 'editor@example.com' } })).name).toBe('Editor');
    const fits = await post('/update-user', JSON.stringify({ name: 'e'.repeat(100) }), { cookie });
    expect(fits.status, await fits.clone().text()).toBe(200);
    expect((await getDb().user.findUniqueOrThrow({ where: { email: 'editor@example.com' } })).name).toBe('e'.repeat(100));
    await getDb().user.update({ where: { email: 'editor@example.com' }, data: { name: 'Editor' } });
  });

  it('refuses one over 100 characters from an admin creating a user', async () => {
    await expect(createPasswordUser(getDb(), { email: 'long@example.com', name: 'l'.repeat(101), password: PASSWORD, role: 'viewer' })).rejects.toThrow(/under 100 characters/);
    expect(await getDb().user.count({ where: { email: 'long@example.com' } })).toBe(0);
  });
});

describe('sessions at rest', () => {
  it('stores the hash of the cookie token: the cookie works, the stored value signed as a cookie does not', async () => {
    const cookie = await signIn('editor@example.com');
    expect(await who({ cookie })).toBe('editor@example.com');
    const token = decodeURIComponent(cookie.split('turnwise.session_token=')[1]).split('.')[0];
    const rows = await getDb().session.findMany({ where: { userId: await userId('editor@example.com') }, select: { token: true } });
    expect(rows.map((r) => r.token)).toContain(sessionTokenHash(token));
    expect(rows.map((r) => r.token)).not.toContain(token);
    // Even with the server secret, what the table holds opens no session.
    const { secret } = await getAuth().$context;
    const signedCookie = (value: string) => `turnwise.session_token=${encodeURIComponent(`${value}.${createHmac('sha256', secret).update(value).digest('base64')}`)}`;
    expect(await who({ cookie: signedCookie(token) })).toBe('editor@example.com');
    for (const { token: stored } of rows) expect(await who({ cookie: signedCookie(stored) })).toBeNull();
    const out = await post('/sign-out', '{}', { cookie });
    expect(out.status).toBe(200);
    expect(await getDb().session.count({ where: { token: sessionTokenHash(token) } })).toBe(0);
    expect(await who({ cookie })).toBeNull();
  });
});

describe('password reset and change', () => {
  it("an admin's reset signs the user out and revokes the user's API keys, and says so", async () => {
    const id = await userId('editor@example.com');
    const cookie = await signIn('editor@example.com');
    const { key } = await createApiKey(getDb(), 'default', id, 'ci');
    expect(await who({ authorization: `Bearer ${key}` })).toBe('editor@example.com');
    const form = new FormData();
    form.set('id', id);
    form.set('password', 'a brand new password');
    const result = await userActions.setPasswordAction({ ok: true }, form);
    expect(result).toEqual({ ok: true, message: 'Password set; that user was signed out everywhere and their 1 API key was revoked.' });
    expect(await who({ authorization: `Bearer ${key}` })).toBeNull();
    expect(await who({ cookie })).toBeNull();
    const audit = await getDb().auditEvent.findFirstOrThrow({ where: { action: 'user.password', targetId: id } });
    expect(audit.detail).toMatch(/1 API key revoked/);
    form.set('password', PASSWORD);
    await userActions.setPasswordAction({ ok: true }, form);
  });

  it("a user's own change ends their other sessions and revokes their keys; the new session works", async () => {
    const id = await userId('editor@example.com');
    const other = await signIn('editor@example.com');
    const current = await signIn('editor@example.com');
    const { key } = await createApiKey(getDb(), 'default', id, 'laptop');
    // Asked not to revoke the other sessions: they end all the same.
    const res = await post('/change-password', JSON.stringify({ currentPassword: PASSWORD, newPassword: 'another new password', revokeOtherSessions: false }), { cookie: current });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await who({ cookie: other })).toBeNull();
    expect(await who({ authorization: `Bearer ${key}` })).toBeNull();
    expect(await who({ cookie: cookieOf(res) })).toBe('editor@example.com');
    // A wrong current password changes nothing and revokes nothing.
    const kept = await createApiKey(getDb(), 'default', id, 'kept');
    const wrong = await post('/change-password', JSON.stringify({ currentPassword: 'not it at all', newPassword: 'yet another password' }), { cookie: cookieOf(res) });
    expect(wrong.status).toBe(400);
    expect(await who({ authorization: `Bearer ${kept.key}` })).toBe('editor@example.com');
  });
});

describe("an admin and other users' keys", () => {
  it('lists every key with its owner and revokes one, audited', async () => {
    const { key, info } = await createApiKey(getDb(), 'default', await userId('editor@example.com'), 'nightly');
    const listed = await (await import('../lib/auth/api-keys')).listAllApiKeys(getDb(), 'default');
    expect(listed.find((k) => k.id === info.id)).toMatchObject({ name: 'nightly', lastFour: key.slice(-4), lastUsedAt: null, user: { email: 'editor@example.com' } });
    const form = new FormData();
    form.set('id', info.id);
    expect(await keyActions.revokeAnyApiKeyAction({ ok: true }, form)).toEqual({ ok: true, message: 'Key revoked.' });
    expect(await who({ authorization: `Bearer ${key}` })).toBeNull();
    const audit = await getDb().auditEvent.findFirstOrThrow({ where: { action: 'api-key.revoke', targetId: info.id } });
    expect(audit).toMatchObject({ actorEmail: 'admin@example.com', detail: `editor@example.com: nightly (tw_…${key.slice(-4)})` });
  });

  it('refuses the revoke to anyone but an admin', async () => {
    const { info } = await createApiKey(getDb(), 'default', await userId('admin@example.com'), 'admin key');
    // The admin's own keys are in the admin's own list, not again among the others'.
    const others = await (await import('../lib/auth/api-keys')).listAllApiKeys(getDb(), 'default', await userId('admin@example.com'));
    expect(others.some((k) => k.id === info.id)).toBe(false);
    const admin = request.headers;
    request.headers = new Headers({ cookie: await signIn('editor@example.com', 'another new password'), 'x-turnwise-project': 'default' });
    try {
      const form = new FormData();
      form.set('id', info.id);
      expect((await keyActions.revokeAnyApiKeyAction({ ok: true }, form)).ok).toBe(false);
      expect(await getDb().apiKey.count({ where: { id: info.id } })).toBe(1);
    } finally {
      request.headers = admin;
    }
  });
});
