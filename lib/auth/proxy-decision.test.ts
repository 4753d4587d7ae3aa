import { describe, expect, it } from 'vitest';
import { decideProxy } from './proxy-decision';

const base = { authOff: false, hasSessionCookie: false, hasBearer: false };

describe('decideProxy', () => {
  it('sends anonymous page requests to sign-in and anonymous routes a 401', () => {
    expect(decideProxy({ ...base, pathname: '/runs' })).toBe('sign-in');
    expect(decideProxy({ ...base, pathname: '/api/runs/r1/export' })).toBe('unauthorized');
    expect(decideProxy({ ...base, pathname: '/api/datasets/import' })).toBe('unauthorized');
  });
  it('passes sign-in, set-up and better-auth endpoints, and requests that carry credentials to the real check', () => {
    expect(decideProxy({ ...base, pathname: '/sign-in' })).toBe('pass');
    expect(decideProxy({ ...base, pathname: '/setup' })).toBe('pass');
    expect(decideProxy({ ...base, pathname: '/api/auth/sign-in/email' })).toBe('pass');
    expect(decideProxy({ ...base, pathname: '/api/v1/runs', hasBearer: true })).toBe('pass');
    expect(decideProxy({ ...base, pathname: '/runs', hasSessionCookie: true })).toBe('pass');
    expect(decideProxy({ ...base, pathname: '/runs', authOff: true })).toBe('pass');
  });
  it('does not treat a page path as public because it starts like one', () => {
    expect(decideProxy({ ...base, pathname: '/sign-in-elsewhere' })).toBe('sign-in');
    expect(decideProxy({ ...base, pathname: '/api/authx' })).toBe('unauthorized');
  });
});
