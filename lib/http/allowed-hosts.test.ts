import { describe, expect, it } from 'vitest';
import { hostAllowed, hostRefusal } from './allowed-hosts';

describe('host names the server answers to', () => {
  it('takes loopback names by default and refuses another name (DNS rebinding)', () => {
    for (const host of ['localhost:3000', '127.0.0.1:3199', '[::1]:3000', 'LOCALHOST']) expect(hostAllowed(host, {})).toBe(true);
    expect(hostAllowed('attacker.example:3000', {})).toBe(false);
    expect(hostRefusal('attacker.example:3000')).toMatch(/"attacker.example".*TURNWISE_ALLOWED_HOSTS/);
  });

  it('takes the host of TURNWISE_URL and the names of TURNWISE_ALLOWED_HOSTS', () => {
    const env = { TURNWISE_URL: 'https://evals.acme.test', TURNWISE_ALLOWED_HOSTS: 'turnwise.lan, .acme.internal' };
    expect(hostAllowed('evals.acme.test', env)).toBe(true);
    expect(hostAllowed('turnwise.lan:3000', env)).toBe(true);
    expect(hostAllowed('eu.acme.internal', env)).toBe(true);
    expect(hostAllowed('acme.internal.attacker.example', env)).toBe(false);
    expect(hostAllowed('anything.example', { TURNWISE_ALLOWED_HOSTS: '*' })).toBe(true);
  });
});
