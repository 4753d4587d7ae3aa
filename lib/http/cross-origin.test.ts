import { describe, expect, it } from 'vitest';
import { crossOriginRefusal, crossOriginResponse } from './cross-origin';

const env = {};
const post = (headers: Record<string, string>, url = 'http://127.0.0.1:3000/api/v1/runs', method = 'POST') => ({ method, url, headers: new Headers(headers) });
const SITE = { host: '127.0.0.1:3000', cookie: 'turnwise.session_token=x' };

describe('crossOriginRefusal', () => {
  it('lets a page of this server (scheme, host and port) change things', () => {
    expect(crossOriginRefusal(post({ ...SITE, origin: 'http://127.0.0.1:3000' }), env)).toBeNull();
    expect(crossOriginRefusal(post({ ...SITE, 'sec-fetch-site': 'same-origin' }), env)).toBeNull();
    // The default port written or not is the same origin.
    expect(crossOriginRefusal(post({ host: 'evals.example.com', origin: 'https://evals.example.com:443', 'x-forwarded-proto': 'https' }, 'http://evals.example.com/api/v1/runs'), env)).toBeNull();
  });

  it('refuses another port, a sibling subdomain, another scheme and an opaque origin', () => {
    for (const origin of ['http://127.0.0.1:4360', 'http://localhost:3000', 'https://127.0.0.1:3000', 'null', 'not a url']) {
      expect(crossOriginRefusal(post({ ...SITE, origin }), env), origin).toMatch(/Cross-origin request refused/);
    }
    const app = { host: 'evals.example.com', cookie: 'c=1', 'x-forwarded-proto': 'https' };
    expect(crossOriginRefusal(post({ ...app, origin: 'https://blog.example.com' }, 'http://evals.example.com/x'), env)).not.toBeNull();
  });

  it('reads Sec-Fetch-Site when a browser sends no Origin', () => {
    expect(crossOriginRefusal(post({ ...SITE, 'sec-fetch-site': 'same-site' }), env)).toMatch(/Sec-Fetch-Site: same-site/);
    expect(crossOriginRefusal(post({ ...SITE, 'sec-fetch-site': 'cross-site' }), env)).toMatch(/another site/);
  });

  it('applies to every state-changing method, and with sign-in off (no cookie at all)', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(crossOriginRefusal(post({ host: SITE.host, origin: 'http://evil.example' }, undefined, method), env), method).not.toBeNull();
    }
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect(crossOriginRefusal(post({ ...SITE, origin: 'http://evil.example' }, undefined, method), env)).toBeNull();
  });

  it('lets scripts through: no Origin and no Sec-Fetch-Site, or an API key without a cookie', () => {
    expect(crossOriginRefusal(post({ host: SITE.host }), env)).toBeNull();
    expect(crossOriginRefusal(post({ host: SITE.host, authorization: 'Bearer tw_key', origin: 'http://ci.example' }), env)).toBeNull();
    // A key does not vouch for a browser request that also carries the cookie.
    expect(crossOriginRefusal(post({ ...SITE, authorization: 'Bearer tw_key', origin: 'http://evil.example' }), env)).not.toBeNull();
  });

  it('accepts the origin of TURNWISE_URL behind a proxy that rewrites Host', () => {
    const proxied = post({ host: '127.0.0.1:3000', cookie: 'c=1', origin: 'https://evals.example.com' });
    expect(crossOriginRefusal(proxied, {})).not.toBeNull();
    expect(crossOriginRefusal(proxied, { TURNWISE_URL: 'https://evals.example.com/' })).toBeNull();
    expect(crossOriginRefusal({ ...proxied, headers: new Headers({ ...SITE, origin: 'http://evals.example.com' }) }, { TURNWISE_URL: 'https://evals.example.com' })).not.toBeNull();
  });

  it('answers 403 with the API error shape', async () => {
    const res = crossOriginResponse(post({ ...SITE, origin: 'http://127.0.0.1:4360' }), env);
    expect(res?.status).toBe(403);
    expect(await res?.json()).toMatchObject({ error: { code: 'FORBIDDEN', field: 'origin', message: expect.stringContaining('127.0.0.1:4360') } });
  });
});
