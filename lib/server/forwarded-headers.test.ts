import { describe, expect, it } from 'vitest';
import { clientAddress, parseTrustedProxies, trustForwardedHeaders } from './forwarded-headers';

const none = parseTrustedProxies(undefined);

describe('clientAddress', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress('203.0.113.9', '10.9.9.9', none)).toBe('203.0.113.9');
    expect(clientAddress('::ffff:203.0.113.9', undefined, none)).toBe('203.0.113.9');
  });

  it('walks the chain from the right past trusted proxies', () => {
    const trusted = parseTrustedProxies('127.0.0.1, 10.0.0.0/24');
    // The client forged the first entry; the proxy appended the real address.
    expect(clientAddress('127.0.0.1', '6.6.6.6, 198.51.100.7', trusted)).toBe('198.51.100.7');
    expect(clientAddress('127.0.0.1', '6.6.6.6, 198.51.100.7, 10.0.0.5', trusted)).toBe('198.51.100.7');
    expect(clientAddress('127.0.0.1', undefined, trusted)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', 'garbage', trusted)).toBe('127.0.0.1');
    expect(clientAddress('198.51.100.1', '6.6.6.6', trusted)).toBe('198.51.100.1');
  });
});

describe('parseTrustedProxies', () => {
  it('takes addresses and CIDR ranges of both families', () => {
    const trusted = parseTrustedProxies('192.0.2.10,10.0.0.0/8,fd00::/8,::1');
    for (const ip of ['192.0.2.10', '10.200.1.1', 'fd12::1', '::1', '::ffff:10.1.1.1']) expect(trusted.has(ip), ip).toBe(true);
    for (const ip of ['192.0.2.11', '11.0.0.1', 'fe80::1']) expect(trusted.has(ip), ip).toBe(false);
  });

  it('names a malformed entry instead of skipping it', () => {
    for (const value of ['10.0.0.0/33', 'proxy.example', '10.0.0.1/8/1', '1.2.3.4/x']) {
      expect(() => parseTrustedProxies(`127.0.0.1,${value}`), value).toThrow(/TURNWISE_TRUSTED_PROXIES: entry 2/);
    }
  });
});

describe('trustForwardedHeaders', () => {
  it('replaces a client’s forwarding headers with its socket address', () => {
    const headers: Record<string, string | string[] | undefined> = {
      'x-forwarded-for': '6.6.6.6',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      'x-real-ip': '6.6.6.7',
      forwarded: 'for=6.6.6.8',
      host: '127.0.0.1:3000',
    };
    trustForwardedHeaders(headers, '::ffff:192.0.2.50', none);
    expect(headers).toEqual({ 'x-forwarded-for': '192.0.2.50', host: '127.0.0.1:3000' });
  });

  it('keeps a trusted proxy’s host and scheme, with the client it names', () => {
    const headers: Record<string, string | string[] | undefined> = { 'x-forwarded-for': '198.51.100.7', 'x-forwarded-host': 'evals.example.com', 'x-forwarded-proto': 'https' };
    trustForwardedHeaders(headers, '127.0.0.1', parseTrustedProxies('127.0.0.1'));
    expect(headers).toEqual({ 'x-forwarded-for': '198.51.100.7', 'x-forwarded-host': 'evals.example.com', 'x-forwarded-proto': 'https' });
  });
});
