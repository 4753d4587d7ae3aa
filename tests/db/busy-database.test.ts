import { describe, expect, it } from 'vitest';
import { failure } from '@/lib/actions/action-result';
import { errorResponse } from '@/lib/http/errors';
import { sqliteForTests } from './databases';

const sqlite = sqliteForTests();

describe('a database too busy to take a request', () => {
  it('is answered 503 BUSY with Retry-After (routes) and a retry message (actions), not a 500', async () => {
    let release!: () => void;
    const held = sqlite.db.$transaction(async (tx) => {
      await tx.dataset.count();
      await new Promise<void>((resolve) => (release = resolve));
    });
    const error = await sqlite.db.$transaction(async (tx) => tx.dataset.count(), { maxWait: 200 }).catch((e: unknown) => e);
    release();
    await held;

    const response = errorResponse(error);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('BUSY');
    expect(body.error.message).toMatch(/busy.*nothing was changed.*try again/i);
    expect(failure(error)).toEqual({ ok: false, message: body.error.message });
  });
});
