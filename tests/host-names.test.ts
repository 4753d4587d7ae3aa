import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disconnectDb } from '../lib/db/client';
import { type FreshDatabase, migratedDatabase } from './db/databases';

/* A request that names another host (DNS rebinding: an attacker's name pointed at this server) is refused by the API and sign-in routes. */
let database: FreshDatabase;
let runsRoute: typeof import('../app/api/v1/runs/route');
let authRoute: typeof import('../app/api/auth/[...all]/route');
const saved = { ...process.env };

beforeAll(async () => {
  database = await migratedDatabase('sqlite');
  await disconnectDb();
  process.env.DATABASE_URL = database.url;
  process.env.TURNWISE_AUTH = 'off';
  delete process.env.TURNWISE_ALLOWED_HOSTS;
  runsRoute = await import('../app/api/v1/runs/route');
  authRoute = await import('../app/api/auth/[...all]/route');
});
afterAll(async () => {
  await disconnectDb();
  process.env = saved;
  await database?.drop();
});

const get = (host: string) => runsRoute.GET(new Request('http://localhost/api/v1/runs', { headers: { host } }));

describe('host names', () => {
  it('answers its own names and refuses another with 403 before doing anything', async () => {
    expect((await get('127.0.0.1:3000')).status).toBe(200);
    const refused = await get('attacker.example');
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.message).toMatch(/TURNWISE_ALLOWED_HOSTS/);
    const signIn = await authRoute.POST(
      new Request('http://attacker.example/api/auth/sign-in/email', {
        method: 'POST',
        headers: { host: 'attacker.example', origin: 'http://attacker.example', 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a@b.test', password: 'x' }),
      }),
    );
    expect(signIn.status).toBe(403);
  });

  it('answers a name listed in TURNWISE_ALLOWED_HOSTS', async () => {
    process.env.TURNWISE_ALLOWED_HOSTS = 'evals.acme.test';
    expect((await get('evals.acme.test:3000')).status).toBe(200);
    delete process.env.TURNWISE_ALLOWED_HOSTS;
  });
});
