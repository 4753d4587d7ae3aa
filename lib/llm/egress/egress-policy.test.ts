import { describe, expect, it } from 'vitest';
import { classifyAddress } from './classify-address';
import { egressPolicy, refusalFor } from './egress-policy';
import { readEgressSettings } from './egress-settings';
import { resolveChecked } from './resolve-checked';

const refusal = (policy: ReturnType<typeof egressPolicy>, host: string, address: string) => refusalFor(policy, host, classifyAddress(address)!);

describe('the egress policy', () => {
  it('lets editors reach loopback on a single-user install listening on loopback, and not on a team server', () => {
    const local = readEgressSettings({});
    expect(refusal(egressPolicy(local, 'editor', 1), '127.0.0.1', '127.0.0.1')).toBeNull();
    // Several users, another address to listen on, or a proxy in front: a team server.
    for (const [env, users] of [[{}, 3], [{ TURNWISE_BIND: '0.0.0.0' }, 1], [{ TURNWISE_TRUSTED_PROXIES: '10.0.0.1' }, 1]] as const) {
      const refused = refusal(egressPolicy(readEgressSettings(env), 'editor', users), 'localhost', '127.0.0.1');
      expect(refused?.message).toMatch(/^localhost resolves to 127\.0\.0\.1, a loopback address: .*TURNWISE_EGRESS_PRIVATE unset.*TURNWISE_EGRESS_ALLOW/);
      expect(refused?.setting).toBe('TURNWISE_EGRESS_PRIVATE');
    }
    const team = readEgressSettings({ TURNWISE_BIND: '0.0.0.0' });
    expect(refusal(egressPolicy(team, 'admin', 5), '10.0.0.5', '10.0.0.5')).toBeNull();
    expect(refusal(egressPolicy(readEgressSettings({ TURNWISE_EGRESS_PRIVATE: 'editors', TURNWISE_BIND: '0.0.0.0' }), 'editor', 5), '10.0.0.5', '10.0.0.5')).toBeNull();
    expect(refusal(egressPolicy(readEgressSettings({ TURNWISE_EGRESS_PRIVATE: 'admins' }), 'editor', 1), '::1', '::1')?.message).toMatch(/TURNWISE_EGRESS_PRIVATE=admins/);
  });

  it('refuses metadata addresses to everyone unless the allow-list names them', () => {
    const local = readEgressSettings({});
    const refused = refusal(egressPolicy(local, 'admin', 1), '169.254.169.254', '169.254.169.254');
    expect(refused?.message).toMatch(/^169\.254\.169\.254 is a link-local address: .*TURNWISE_EGRESS_ALLOW/);
    expect(refused?.setting).toBe('TURNWISE_EGRESS_ALLOW');
    const allowed = readEgressSettings({ TURNWISE_EGRESS_ALLOW: '169.254.169.254, 10.20.0.0/16, models.internal', TURNWISE_BIND: '0.0.0.0' });
    expect(refusal(egressPolicy(allowed, 'editor', 9), '169.254.169.254', '169.254.169.254')).toBeNull();
    expect(refusal(egressPolicy(allowed, 'editor', 9), '10.20.3.4', '10.20.3.4')).toBeNull();
    expect(refusal(egressPolicy(allowed, 'editor', 9), 'models.internal', '10.99.0.1')).toBeNull();
    expect(refusal(egressPolicy(allowed, 'editor', 9), '10.21.0.1', '10.21.0.1')).not.toBeNull();
    expect(() => readEgressSettings({ TURNWISE_EGRESS_ALLOW: '10.0.0.0/99' })).toThrow(/TURNWISE_EGRESS_ALLOW: "10\.0\.0\.0\/99" is not/);
    expect(() => readEgressSettings({ TURNWISE_EGRESS_PRIVATE: 'everyone' })).toThrow(/TURNWISE_EGRESS_PRIVATE/);
  });

  it('checks every address a name resolves to, and connects to the first', async () => {
    const policy = { ...egressPolicy(readEgressSettings({}), 'admin', 1) };
    const twoFaced = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '169.254.169.254', family: 4 },
    ];
    await expect(resolveChecked('rebind.example', { ...policy, lookup: twoFaced })).rejects.toThrow(/rebind\.example resolves to 169\.254\.169\.254/);
    await expect(resolveChecked('ok.example', { ...policy, lookup: async () => [{ address: '93.184.216.34', family: 4 }] })).resolves.toEqual({ address: '93.184.216.34', family: 4 });
    await expect(resolveChecked('[::ffff:169.254.169.254]', policy)).rejects.toThrow(/::ffff:169\.254\.169\.254 resolves to 169\.254\.169\.254, a link-local address/);
  });
});
