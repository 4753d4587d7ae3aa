import { describe, expect, it } from 'vitest';
import { createFairSlots } from './fair-slots';

describe('createFairSlots', () => {
  it('hands slots out in the order asked: two jobs that each take a slot per chunk alternate', async () => {
    const slots = createFairSlots(1);
    const order: string[] = [];
    const job = async (name: string, chunks: number) => {
      for (let i = 0; i < chunks; i++) {
        const release = await slots.take();
        order.push(`${name}${i}`);
        await new Promise((resolve) => setImmediate(resolve));
        release();
      }
    };
    // The long job starts first and asks again after each chunk; the short one is not left until the end.
    await Promise.all([job('long', 4), job('short', 2)]);
    expect(order).toEqual(['long0', 'short0', 'long1', 'short1', 'long2', 'long3']);
  });

  it('never lends more than its size, gives a released slot once, and drops a waiter whose signal aborts', async () => {
    const slots = createFairSlots(2);
    const a = await slots.take();
    const b = await slots.take();
    expect(slots.busy()).toBe(2);
    const stop = new AbortController();
    const cancelled = slots.take(stop.signal);
    const next = slots.take();
    expect(slots.waiting()).toBe(2);
    stop.abort(new Error('cancelled'));
    await expect(cancelled).rejects.toThrow('cancelled');
    a();
    a();
    const c = await next;
    expect(slots.busy()).toBe(2);
    b();
    c();
    expect(slots.busy()).toBe(0);
  });
});
