import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createApiKey } from '../lib/auth/api-keys';
import { resetAuth } from '../lib/auth/auth';
import { loadAuthSettings } from '../lib/auth/auth-env';
import { createPasswordUser, ensureEnvAdmin } from '../lib/auth/users';
import { disconnectDb, getDb } from '../lib/db/client';
import { createAppServer } from '../lib/server/app-server';
import { parseTrustedProxies } from '../lib/server/forwarded-headers';
import { migratedDatabase, type FreshDatabase } from './db/databases';
import { fixturePath } from './fixtures/datasets/fixtures';

// Sign-in, roles and keys at the route boundary, on a SQLite database of its own.
let database: FreshDatabase;
const saved = { DATABASE_URL: process.env.DATABASE_URL, TURNWISE_AUTH: process.env.TURNWISE_AUTH, TURNWISE_API_KEY: process.env.TURNWISE_API_KEY };
let routes: {
  runs: typeof import('../app/api/v1/runs/route');
  compare: typeof import('../app/api/v1/compare/route');
  importDataset: typeof import('../app/api/datasets/import/route');
  exportRun: typeof import('../app/api/runs/[id]/export/route');
  auth: typeof import('../app/api/auth/[...all]/route');
};
const cookies: Record<string, string> = {};
const PASSWORD = 'correct horse battery';

/** Signs in through better-auth's own endpoint, as the browser does; returns the Cookie header. */
async function signIn(email: string, password = PASSWORD, ip = '10.0.0.1'): Promise<Response> {
  return routes.auth.POST(
    new Request('http://localhost/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost', 'x-forwarded-for': ip },
      body: JSON.stringify({ email, password }),
    }),
  );
}
/** A sign-in with headers of the test's choosing (a device cookie, a forwarded address). */
const signInWith = (email: string, password: string, headers: Record<string, string>) =>
  routes.auth.POST(
    new Request('http://localhost/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost', ...headers },
      body: JSON.stringify({ email, password }),
    }),
  );
const cookieOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

const startRun = (headers: Record<string, string>) =>
  routes.runs.POST(
    new Request('http://localhost/api/v1/runs', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ datasetId: 'missing', metrics: ['knowledge_retention'], judge: { kind: 'offline' } }),
    }),
  );
const compare = (headers: Record<string, string> = {}) => routes.compare.GET(new Request('http://localhost/api/v1/compare?baseline=a&candidate=b', { headers }));

beforeAll(async () => {
  database = await migratedDatabase('sqlite');
  await disconnectDb();
  process.env.DATABASE_URL = database.url;
  delete process.env.TURNWISE_AUTH;
  delete process.env.TURNWISE_API_KEY;
  resetAuth();
  routes = {
    runs: await import('../app/api/v1/runs/route'),
    compare: await import('../app/api/v1/compare/route'),
    importDataset: await import('../app/api/datasets/import/route'),
    exportRun: await import('../app/api/runs/[id]/export/route'),
    auth: await import('../app/api/auth/[...all]/route'),
  };
  await ensureEnvAdmin(getDb(), { email: 'admin@example.com', password: PASSWORD });
  for (const role of ['viewer', 'editor'] as const) {
    await createPasswordUser(getDb(), { email: `${role}@example.com`, name: role, password: PASSWORD, role });
  }
  for (const role of ['admin', 'viewer', 'editor']) {
    const res = await signIn(`${role}@example.com`, PASSWORD, `10.0.1.${role.length}`);
    expect(res.status, role).toBe(200);
    cookies[role] = cookieOf(res);
  }
});
afterAll(async () => {
  resetAuth();
  await disconnectDb();
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  await database?.drop();
});

describe('routes refuse anonymous requests', () => {
  it('answers 401 with the error shape on /api/v1, the upload route and the run export', async () => {
    const anonymous = [
      await compare(),
      await startRun({}),
      await routes.importDataset.POST(new Request('http://localhost/api/datasets/import?name=x', { method: 'POST', body: '[]' })),
      await routes.exportRun.GET(new Request('http://localhost/api/runs/r1/export?format=csv'), { params: Promise.resolve({ id: 'r1' }) }),
    ];
    for (const res of anonymous) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.any(String) } });
    }
    expect(await getDb().dataset.count()).toBe(0);
  });

  it('refuses a forged session cookie', async () => {
    const res = await compare({ cookie: 'turnwise.session_token=forged.value' });
    expect(res.status).toBe(401);
  });
});

describe('roles', () => {
  it('lets a viewer read but not start a run', async () => {
    expect((await compare({ cookie: cookies.viewer })).status).toBe(404);
    const res = await startRun({ cookie: cookies.viewer });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('FORBIDDEN');
  });

  it('lets an editor start a run (the dataset is then checked)', async () => {
    const res = await startRun({ cookie: cookies.editor });
    expect(res.status).toBe(404);
  });
});

describe('ownership', () => {
  it('records the uploader of a dataset, so that an editor may delete only its own', async () => {
    const editor = await getDb().user.findUniqueOrThrow({ where: { email: 'editor@example.com' } });
    const file = readFileSync(fixturePath('openai-chat.jsonl'));
    const res = await routes.importDataset.POST(
      new Request('http://localhost/api/datasets/import?name=mine&fileName=openai-chat.jsonl', { method: 'POST', body: file, headers: { cookie: cookies.editor } }),
    );
    expect(res.status).toBe(201);
    const dataset = await getDb().dataset.findFirstOrThrow({ where: { name: 'mine' } });
    expect(dataset.createdById).toBe(editor.id);
    const viewerUpload = await routes.importDataset.POST(
      new Request('http://localhost/api/datasets/import?name=theirs&fileName=openai-chat.jsonl', { method: 'POST', body: file, headers: { cookie: cookies.viewer } }),
    );
    expect(viewerUpload.status).toBe(403);
    expect(await getDb().dataset.count({ where: { name: 'theirs' } })).toBe(0);
  });
});

describe('personal API keys', () => {
  it('act with their owner role and are stored only as a hash', async () => {
    const viewer = await getDb().user.findUniqueOrThrow({ where: { email: 'viewer@example.com' } });
    const editor = await getDb().user.findUniqueOrThrow({ where: { email: 'editor@example.com' } });
    const { key: viewerKey } = await createApiKey(getDb(), 'default', viewer.id, 'viewer script');
    const { key: editorKey } = await createApiKey(getDb(), 'default', editor.id, 'ci');
    expect((await startRun({ authorization: `Bearer ${viewerKey}` })).status).toBe(403);
    expect((await compare({ authorization: `Bearer ${viewerKey}` })).status).toBe(404);
    expect((await startRun({ authorization: `Bearer ${editorKey}` })).status).toBe(404);
    expect((await compare({ authorization: `Bearer ${editorKey}x` })).status).toBe(401);
    const rows = await getDb().apiKey.findMany();
    expect(JSON.stringify(rows)).not.toContain(editorKey);
    expect(rows.map((r) => r.lastFour).sort()).toEqual([viewerKey.slice(-4), editorKey.slice(-4)].sort());
  });

  it('keeps TURNWISE_API_KEY as a service key', async () => {
    process.env.TURNWISE_API_KEY = 'service-key-for-ci';
    try {
      expect((await startRun({ authorization: 'Bearer service-key-for-ci' })).status).toBe(404);
      expect((await compare({ authorization: 'Bearer service-key-for-ci!' })).status).toBe(401);
    } finally {
      delete process.env.TURNWISE_API_KEY;
    }
  });
});

describe('sign-in', () => {
  it('sets an httpOnly session cookie', async () => {
    const res = await signIn('editor@example.com', PASSWORD, '10.0.2.1');
    const session = res.headers.getSetCookie().find((c) => c.startsWith('turnwise.session_token='));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
  });

  it('slows guesses at one email address from many IPs, but lets its owner in from a known device', async () => {
    await createPasswordUser(getDb(), { email: 'limited@example.com', name: 'limited', password: PASSWORD, role: 'viewer' });
    // The owner signed in from this browser before: it holds the signed known-device cookie.
    const before = await signIn('limited@example.com', PASSWORD, '10.0.3.200');
    expect(before.status).toBe(200);
    const device = before.headers.getSetCookie().find((c) => c.startsWith('turnwise.known_device='));
    expect(device).toMatch(/HttpOnly/i);
    const deviceCookie = device!.split(';')[0];

    // The clock stands still, so the brake's delays cannot run out while the password hashing runs.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    onTestFinished(() => clock.mockRestore());
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await signIn('limited@example.com', 'wrong password', `10.0.3.${i}`)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    // A new device waits its turn (a few seconds, not a lock-out: lib/auth/sign-in-limit.test.ts)…
    const newDevice = await signIn('limited@example.com', PASSWORD, '10.0.3.99');
    expect(newDevice.status).toBe(429);
    expect((await newDevice.json()).message).toMatch(/try again in \d+ s/);
    // …while the owner's browser gets in at once, and a forged or foreign device cookie does not help.
    const owner = await signInWith('limited@example.com', PASSWORD, { 'x-forwarded-for': '10.0.3.98', cookie: deviceCookie });
    expect(owner.status).toBe(200);
    for (let i = 0; i < 6; i++) await signIn('limited@example.com', 'wrong password', `10.0.3.${20 + i}`);
    const forged = await signInWith('limited@example.com', PASSWORD, { 'x-forwarded-for': '10.0.3.97', cookie: `${deviceCookie.split('.')[0]}.forged` });
    expect(forged.status).toBe(429);
    const adminDevice = (await signIn('admin@example.com', PASSWORD, '10.0.3.96')).headers.getSetCookie().find((c) => c.startsWith('turnwise.known_device='));
    expect((await signInWith('limited@example.com', PASSWORD, { 'x-forwarded-for': '10.0.3.95', cookie: adminDevice!.split(';')[0] })).status).toBe(429);
  });

  it('is rate-limited per IP address, whatever the email', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await signIn(`nobody${i}@example.com`, 'wrong password', '10.0.4.1')).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

/** The app's own HTTP server (bin/server.ts's) in front of the sign-in route; its base URL and a stop. */
async function serveSignIn(trustedProxies?: string): Promise<{ base: string; close(): Promise<void> }> {
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const answer = await routes.auth.POST(new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) }));
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
    res.end(Buffer.from(await answer.arrayBuffer()));
  };
  const server = createAppServer(handle, parseTrustedProxies(trustedProxies));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('client addresses', () => {
  const guesses = async (base: string, forged: (i: number) => string) => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': forged(i), 'x-real-ip': forged(i) },
        body: JSON.stringify({ email: `guess${i}-${base.slice(-5)}@example.com`, password: 'wrong password' }),
      });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    return statuses;
  };

  it('come from the socket: failed sign-ins with a forged X-Forwarded-For address each are limited as one client', async () => {
    const server = await serveSignIn();
    try {
      const statuses = await guesses(server.base, (i) => `203.0.113.${i}`);
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('come from X-Forwarded-For when the peer is one of TURNWISE_TRUSTED_PROXIES', async () => {
    const server = await serveSignIn('127.0.0.1');
    try {
      expect((await guesses(server.base, (i) => `198.51.100.${i}`)).every((s) => s === 401)).toBe(true);
    } finally {
      await server.close();
    }
  });
});

describe('cross-origin requests', () => {
  const run = (origin: string, cookie = cookies.editor) => startRun({ cookie, origin });

  it('are refused for a signed-in user from another port or a sibling subdomain, with a 403 that says why', async () => {
    for (const origin of ['http://localhost:4360', 'http://evil.localhost', 'https://localhost']) {
      const res = await run(origin);
      expect(res.status, origin).toBe(403);
      expect((await res.json()).error).toMatchObject({ code: 'FORBIDDEN', field: 'origin', message: expect.stringMatching(/Cross-origin request refused/) });
    }
    const sameSite = await startRun({ cookie: cookies.editor, 'sec-fetch-site': 'same-site' });
    expect(sameSite.status).toBe(403);
    // From the app's own page the request goes on (to the dataset check).
    expect((await run('http://localhost')).status).toBe(404);
  });

  it('are refused on the sign-in library’s routes too (sign-out, sign-in)', async () => {
    const signOut = await routes.auth.POST(new Request('http://localhost/api/auth/sign-out', { method: 'POST', headers: { cookie: cookies.viewer, origin: 'http://localhost:4360' } }));
    expect(signOut.status).toBe(403);
    const res = await signInWith('viewer@example.com', PASSWORD, { origin: 'http://localhost:4360', 'x-forwarded-for': '10.0.5.1' });
    expect(res.status).toBe(403);
  });

  it('are refused for server actions (posts to pages) in the proxy, which Next.js checks by host only', async () => {
    const { proxy } = await import('../proxy');
    const { NextRequest } = await import('next/server');
    const action = (headers: Record<string, string>) =>
      proxy(new NextRequest('http://127.0.0.1:3000/datasets', { method: 'POST', headers: { host: '127.0.0.1:3000', 'next-action': 'a1', cookie: cookies.editor, ...headers }, body: '[]' }));
    const foreign: Record<string, string>[] = [{ origin: 'https://127.0.0.1:3000' }, { origin: 'http://127.0.0.1:4360' }, { 'sec-fetch-site': 'same-site' }];
    for (const headers of foreign) {
      const res = await action(headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect((await res.json()).error.field).toBe('origin');
    }
    expect((await action({ origin: 'http://127.0.0.1:3000' })).status).toBe(200);
  });

  it('are refused with sign-in off as well, while scripts (no Origin) and API keys without a cookie go on', async () => {
    process.env.TURNWISE_AUTH = 'off';
    try {
      const upload = await routes.importDataset.POST(new Request('http://localhost/api/datasets/import', { method: 'POST', headers: { origin: 'http://localhost:4360' }, body: 'x' }));
      expect(upload.status).toBe(403);
      expect((await startRun({})).status).toBe(404);
    } finally {
      delete process.env.TURNWISE_AUTH;
    }
    const editor = await getDb().user.findUniqueOrThrow({ where: { email: 'editor@example.com' } });
    const { key } = await createApiKey(getDb(), 'default', editor.id, 'browser notebook');
    expect((await startRun({ authorization: `Bearer ${key}`, origin: 'http://ci.example' })).status).toBe(404);
  });
});

describe('TURNWISE_ADMIN_EMAIL at start', () => {
  it('resets that admin password and role', async () => {
    const editor = await getDb().user.findUniqueOrThrow({ where: { email: 'editor@example.com' } });
    expect(await ensureEnvAdmin(getDb(), { email: 'editor@example.com', password: 'a new password 1' })).toBe('reset');
    expect((await getDb().user.findUniqueOrThrow({ where: { id: editor.id } })).role).toBe('admin');
    expect((await signIn('editor@example.com', PASSWORD, '10.0.5.1')).status).toBe(401);
    expect((await signIn('editor@example.com', 'a new password 1', '10.0.5.2')).status).toBe(200);
  });
});

describe('settings', () => {
  it('names the variable that is wrong', () => {
    expect(() => loadAuthSettings({ TURNWISE_ADMIN_EMAIL: 'a@example.com' })).toThrow(/TURNWISE_ADMIN_PASSWORD: must be set together/);
    expect(() => loadAuthSettings({ TURNWISE_ADMIN_EMAIL: 'not an email', TURNWISE_ADMIN_PASSWORD: 'longenough' })).toThrow(/TURNWISE_ADMIN_EMAIL: must be an email/);
    expect(() => loadAuthSettings({ TURNWISE_AUTH: 'maybe' })).toThrow(/TURNWISE_AUTH/);
    expect(() => loadAuthSettings({ TURNWISE_OIDC_ISSUER: 'https://id.example.com' })).toThrow(/TURNWISE_OIDC_CLIENT_ID: must be set for OpenID Connect/);
    expect(() =>
      loadAuthSettings({ TURNWISE_OIDC_ISSUER: 'https://id.example.com', TURNWISE_OIDC_CLIENT_ID: 'tw', TURNWISE_OIDC_CLIENT_SECRET: 's' }),
    ).toThrow(/TURNWISE_URL: must be set for OpenID Connect/);
  });

  it('builds the OpenID Connect provider from the issuer', () => {
    const settings = loadAuthSettings({
      TURNWISE_URL: 'https://evals.example.com/',
      TURNWISE_OIDC_ISSUER: 'https://id.example.com/realms/main/',
      TURNWISE_OIDC_CLIENT_ID: 'turnwise',
      TURNWISE_OIDC_CLIENT_SECRET: 'secret',
      TURNWISE_OIDC_NAME: 'Keycloak',
    });
    expect(settings.oidc).toMatchObject({
      discoveryUrl: 'https://id.example.com/realms/main/.well-known/openid-configuration',
      name: 'Keycloak',
      scopes: ['openid', 'email', 'profile'],
      role: 'viewer',
    });
    expect(settings.baseUrl).toBe('https://evals.example.com');
    expect(loadAuthSettings({ TURNWISE_AUTH: 'off' }).enabled).toBe(false);
  });
});

