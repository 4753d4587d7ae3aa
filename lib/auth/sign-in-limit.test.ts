import { describe, expect, it } from 'vitest';
import { brakeDelayMs, createSignInBrake, deviceToken, SIGN_IN_BRAKE } from './sign-in-limit';

describe('the per-email sign-in brake', () => {
  it('lets the first tries through, then doubles the wait up to a cap', () => {
    expect([0, 4, 5, 6, 7, 9, 10, 50, 10_000].map((n) => brakeDelayMs(n))).toEqual([0, 0, 1000, 2000, 4000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('counts attempts, so a parallel burst gets no more tries than a sequence', () => {
    const brake = createSignInBrake();
    const t = 1_000_000;
    const waits = Array.from({ length: 20 }, () => brake.take('Victim@example.com', t));
    expect(waits.filter((w) => w === 0)).toHaveLength(SIGN_IN_BRAKE.freeTries);
    expect(brake.take('victim@example.com ', t)).toBe(1);
  });

  it('never locks: hammered for an hour, the address can be tried again within the cap', () => {
    const brake = createSignInBrake();
    let t = 0;
    let longestWait = 0;
    for (; t < 60 * 60_000; t += 100) longestWait = Math.max(longestWait, brake.take('admin@example.com', t));
    expect(longestWait).toBeLessThanOrEqual(SIGN_IN_BRAKE.maxDelayMs / 1000);
    let ready = t;
    while (brake.take('admin@example.com', ready) > 0) ready += 1000;
    expect(ready - t).toBeLessThanOrEqual(SIGN_IN_BRAKE.maxDelayMs);
  });

  it('starts again after a correct password, or after a quiet spell', () => {
    const brake = createSignInBrake();
    for (let i = 0; i < 10; i++) brake.take('a@example.com', 0);
    brake.succeeded('A@example.com');
    expect(brake.take('a@example.com', 0)).toBe(0);
    for (let i = 0; i < 10; i++) brake.take('b@example.com', 0);
    expect(brake.take('b@example.com', SIGN_IN_BRAKE.forgetAfterMs + 1)).toBe(0);
  });

  it('names a user on a device by a digest, the same whatever the case of the address', () => {
    expect(deviceToken(' Admin@Example.com')).toBe(deviceToken('admin@example.com'));
    expect(deviceToken('admin@example.com')).not.toBe(deviceToken('editor@example.com'));
    expect(deviceToken('admin@example.com')).not.toContain('admin');
  });
});
