import { describe, expect, it } from 'vitest';
import { bindAddress } from './bind-address';

describe('bindAddress', () => {
  it('listens on 127.0.0.1:3000 unless told otherwise, with sign-in on or off', () => {
    expect(bindAddress({})).toEqual({ host: '127.0.0.1', port: 3000, warning: null });
    expect(bindAddress({ TURNWISE_AUTH: 'off', PORT: '4000' })).toEqual({ host: '127.0.0.1', port: 4000, warning: null });
  });

  it('listens elsewhere only when TURNWISE_BIND says so, and says what that exposes', () => {
    expect(bindAddress({ TURNWISE_BIND: '0.0.0.0' })).toMatchObject({ host: '0.0.0.0', warning: expect.stringMatching(/set-up page first becomes/) });
    expect(bindAddress({ TURNWISE_BIND: '::', TURNWISE_AUTH: 'off' })).toMatchObject({ host: '::', warning: expect.stringMatching(/everyone who reaches this address is an admin/) });
    expect(bindAddress({ TURNWISE_BIND: '[::1]' })).toMatchObject({ host: '::1', warning: null });
  });

  it('refuses a setting that is not an address or a port, naming it', () => {
    expect(() => bindAddress({ TURNWISE_BIND: 'everywhere' })).toThrow(/TURNWISE_BIND/);
    expect(() => bindAddress({ PORT: '70000' })).toThrow(/PORT/);
  });
});
