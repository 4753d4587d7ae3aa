import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCustomMetric } from '../lib/custom-metrics/save-custom-metric';
import { createDbClient } from '../lib/db/client';
import { type Db } from '../lib/db/db-types';
import { actorOf, principalOf, SERVICE_PRINCIPAL, type Principal } from '../lib/identity/principal';
import { DEFAULT_PROJECT } from '../lib/identity/project';
import type { Judge } from '../lib/judge/types';
import { migratedDatabase, type FreshDatabase } from './db/databases';

/*
 * Runs use a custom metric's newest version by default, so publishing one changes every later
 * run of everyone: an editor could rewrite a colleague's metric. Only its owner or an admin may.
 */
let database: FreshDatabase;
let db: Db;
const people: Record<'alice' | 'bob' | 'root', Principal> = {} as never;
// The definitions list their steps: a judge that fails if it is asked anything.
const noJudge = async (): Promise<Judge> =>
  new Proxy({} as Judge, {
    get(_, key) {
      if (key === 'then') return undefined;
      throw new Error(`the judge was asked for ${String(key)}`);
    },
  });
const definition = (name: string, step: string) => ({ name, scope: 'conversation', evaluationSteps: [step] });
const save = (by: Principal | null, name: string, step: string) => saveCustomMetric(db, 'default', definition(name, step), { judge: noJudge, createdBy: by?.email ?? 'cli', principal: by });
const versions = (name: string) => db.customMetric.findMany({ where: { name }, orderBy: { version: 'asc' }, select: { version: true, ownerId: true, createdBy: true } });

beforeAll(async () => {
  database = await migratedDatabase('sqlite');
  db = createDbClient(database.url);
  for (const [key, role] of [['alice', 'editor'], ['bob', 'editor'], ['root', 'admin']] as const) {
    const user = await db.user.create({ data: { id: `${key}-id`, name: key, email: `${key}@example.com`, role } });
    people[key] = principalOf(actorOf(user, 'session'), DEFAULT_PROJECT, role);
  }
});
afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

describe('who may publish a version of a custom metric', () => {
  it('records the user who made it, and refuses another editor’s new version, storing nothing', async () => {
    await save(people.alice, 'refund_policy', 'Check the refund window.');
    await expect(save(people.bob, 'refund_policy', 'Always pass.')).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(/refund_policy belongs to alice@example\.com: only its owner or an admin publishes a new version\. Save your changes under another name/),
      details: { field: 'name' },
    });
    expect(await versions('refund_policy')).toEqual([{ version: 1, ownerId: 'alice-id', createdBy: 'alice@example.com' }]);
  });

  it('lets the owner and an admin publish; the owner stays the one who made it', async () => {
    await save(people.alice, 'refund_policy', 'Check the refund window and the receipt.');
    await save(people.root, 'refund_policy', 'Check the window, the receipt and the tone.');
    expect(await versions('refund_policy')).toEqual([
      { version: 1, ownerId: 'alice-id', createdBy: 'alice@example.com' },
      { version: 2, ownerId: 'alice-id', createdBy: 'alice@example.com' },
      { version: 3, ownerId: 'alice-id', createdBy: 'root@example.com' },
    ]);
  });

  it('lets another editor save a copy under another name, which is theirs', async () => {
    const { metric } = await save(people.bob, 'refund_policy_lenient', 'Check the refund window.');
    expect(metric.ownerId).toBe('bob-id');
    await save(people.bob, 'refund_policy_lenient', 'Check the refund window, loosely.');
    expect((await versions('refund_policy_lenient')).map((v) => v.ownerId)).toEqual(['bob-id', 'bob-id']);
  });

  it('leaves a metric without owner (made before owners, or by the CLI) to admins and the service key', async () => {
    await save(null, 'tone', 'Check the tone.');
    expect(await versions('tone')).toEqual([{ version: 1, ownerId: null, createdBy: 'cli' }]);
    await expect(save(people.alice, 'tone', 'Check the tone kindly.')).rejects.toThrow(/tone has no owner .*only an admin publishes a new version/);
    await save(people.root, 'tone', 'Check the tone, firmly.');
    await save(SERVICE_PRINCIPAL, 'tone', 'Check the tone, as CI does.');
    await save(null, 'tone', 'Check the tone from the CLI.');
    expect((await versions('tone')).map((v) => [v.version, v.ownerId])).toEqual([
      [1, null],
      [2, null],
      [3, null],
      [4, null],
    ]);
  });

  it('keeps a deleted owner’s metric, then for admins only', async () => {
    await save(people.bob, 'politeness', 'Check politeness.');
    await db.user.delete({ where: { id: 'bob-id' } });
    expect((await versions('politeness'))[0].ownerId).toBeNull();
    await expect(save(people.alice, 'politeness', 'Check politeness again.')).rejects.toThrow(/has no owner/);
  });
});
