import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../lib/db/client';
import { recordedRequest, routeDatabaseForFile } from './helpers/deepeval-fixtures';

/*
 * GET and POST /api/deepeval/v1/datasets/:alias and its versions routes, with the push and the
 * pull deepeval 4.1.10's Python client sent (tests/fixtures/deepeval-4.1.10/004, 005), and the
 * camelCase turns its TypeScript client sends.
 */

const push = recordedRequest('004-POST-_v1_datasets_support.json');
const pull = recordedRequest('005-GET-_v1_datasets_support_finalized_true_public_false.json');

routeDatabaseForFile({ serviceKey: push.headers['confident-api-key'] });
let aliasRoute: typeof import('../app/api/deepeval/v1/datasets/[alias]/route');
let versionsRoute: typeof import('../app/api/deepeval/v1/datasets/[alias]/versions/route');
beforeAll(async () => {
  aliasRoute = await import('../app/api/deepeval/v1/datasets/[alias]/route');
  versionsRoute = await import('../app/api/deepeval/v1/datasets/[alias]/versions/route');
});

type Answer = { success: boolean; data?: Record<string, unknown> & { id?: string; version?: string | null }; id?: string; link?: string; error?: string };

async function call(route: { GET: unknown; POST: unknown }, method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = push.headers) {
  const alias = decodeURIComponent(new URL(url, 'http://localhost').pathname.split('/')[3]);
  const handler = route[method] as (r: Request, c: { params: Promise<{ alias: string }> }) => Promise<Response>;
  const res = await handler(new Request(`http://localhost:3000/api/deepeval${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }), { params: Promise.resolve({ alias }) });
  return { status: res.status, body: (await res.json()) as Answer };
}
const pushTo = (alias: string, body: unknown) => call(aliasRoute, 'POST', `/v1/datasets/${alias}`, body);
const pullFrom = (url: string) => call(aliasRoute, 'GET', url);

/** What Python's pull makes of the answer's conversational goldens: the fields it reads, turns as [role, content, retrieval context]. */
const asPulled = (goldens: unknown) =>
  (goldens as { scenario: string; expectedOutcome?: string; userDescription?: string; turns?: { role: string; content: string; retrievalContext?: string[] }[] }[]).map((g) => ({
    scenario: g.scenario,
    expected_outcome: g.expectedOutcome,
    user_description: g.userDescription,
    turns: (g.turns ?? []).map((t) => [t.role, t.content, t.retrievalContext ?? null]),
  }));
const asPushed = (goldens: unknown) =>
  (goldens as { scenario: string; expectedOutcome?: string; userDescription?: string; turns?: { role: string; content: string; retrieval_context?: string[]; retrievalContext?: string[] }[] }[]).map((g) => ({
    scenario: g.scenario,
    expected_outcome: g.expectedOutcome,
    user_description: g.userDescription,
    turns: (g.turns ?? []).map((t) => [t.role, t.content, t.retrieval_context ?? t.retrievalContext ?? null]),
  }));

describe('push then pull', () => {
  let first = '';

  it('stores the pushed conversational goldens as version 1 of the alias, with a link to the dataset', async () => {
    const answer = await pushTo('support', push.body);
    expect(answer.status).toBe(200);
    first = answer.body.data!.id!;
    expect(answer.body).toMatchObject({ success: true, id: first, link: `http://localhost:3000/datasets/${first}`, data: { version: '1', alias: 'support', reused: false } });
    const conversations = await getDb().conversation.findMany({ where: { datasetId: first }, orderBy: { position: 'asc' }, include: { turns: { orderBy: { index: 'asc' } } } });
    expect(conversations.map((c) => [c.scenario, c.expectedOutcome, c.userDescription, c.matchKey])).toEqual([
      ['customer 0 asks about fees', 'fees explained', 'customer 0', 'scenario:customer 0 asks about fees'],
      ['customer 1 asks about fees', 'fees explained', 'customer 1', 'scenario:customer 1 asks about fees'],
      ['customer 2 asks about fees', 'fees explained', 'customer 2', 'scenario:customer 2 asks about fees'],
    ]);
    expect(conversations[0].turns[1].retrievalContext).toEqual(['No fees.']);
  });

  it("answers deepeval's pull with the same goldens, as conversational goldens only", async () => {
    const answer = await pullFrom(pull.url);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ id: first, version: '1' });
    expect(answer.body.data).not.toHaveProperty('goldens');
    expect(asPulled(answer.body.data!.conversationalGoldens)).toEqual(asPushed(push.body.conversationalGoldens));
  });

  it('answers the same version when the same goldens are pushed again, and a new one for changed goldens in camelCase (TypeScript)', async () => {
    const again = await pushTo('support', push.body);
    expect(again.body.data).toMatchObject({ id: first, version: '1', reused: true });
    const changed = {
      finalized: true,
      conversationalGoldens: [{ scenario: 'customer 9 closes an account', expectedOutcome: 'closed', turns: [{ role: 'user', content: 'Close it.' }, { role: 'assistant', content: 'Closed.', retrievalContext: ['Closing is free.'] }] }],
    };
    const second = await pushTo('support', changed);
    expect(second.body.data).toMatchObject({ version: '2', reused: false });
    expect((await getDb().dataset.findUniqueOrThrow({ where: { id: second.body.data!.id! }, select: { name: true } })).name).toBe('support (version 2)');
    const pulled = await pullFrom('/v1/datasets/support?finalized=true');
    expect(pulled.body.data).toMatchObject({ id: second.body.data!.id, version: '2' });
    expect(asPulled(pulled.body.data!.conversationalGoldens)).toEqual([{ scenario: 'customer 9 closes an account', expected_outcome: 'closed', user_description: undefined, turns: [['user', 'Close it.', null], ['assistant', 'Closed.', ['Closing is free.']]] }]);
  });

  it('keeps unfinalized goldens out of a finalized pull, and pulls a version by its label', async () => {
    const draft = await pushTo('support', { finalized: false, conversationalGoldens: [{ scenario: 'draft', turns: [] }] });
    expect(draft.body.data).toMatchObject({ version: '3' });
    expect((await pullFrom('/v1/datasets/support?finalized=true')).body.data).toMatchObject({ version: '2' });
    expect((await pullFrom('/v1/datasets/support?finalized=false')).body.data).toMatchObject({ version: '3', conversationalGoldens: [{ scenario: 'draft', turns: [] }] });
    expect((await pullFrom('/v1/datasets/support?finalized=true&version=1')).body.data).toMatchObject({ id: first, version: '1' });
    const versions = await call(versionsRoute, 'GET', '/v1/datasets/support/versions');
    expect((versions.body.data!.versions as { version: string; finalized: boolean }[]).map((v) => [v.version, v.finalized])).toEqual([
      ['1', true],
      ['2', true],
      ['3', false],
    ]);
    const created = await call(versionsRoute, 'POST', '/v1/datasets/support/versions', {});
    expect(created.body.data).toMatchObject({ version: '3' });
  });

  it('round-trips single-turn goldens as goldens', async () => {
    const goldens = [
      { input: 'What are the fees?', expectedOutput: 'None.', retrievalContext: ['No fees.'], additionalMetadata: { topic: 'fees' }, comments: 'checked' },
      { input: 'Open an account', actualOutput: 'Opened.', context: ['Accounts open online.'] },
    ];
    const pushed = await pushTo('single', { finalized: true, goldens });
    expect(pushed.status).toBe(200);
    const answer = await pullFrom('/v1/datasets/single');
    expect(answer.body.data).not.toHaveProperty('conversationalGoldens');
    expect(answer.body.data!.goldens).toEqual(goldens);
  });
});

describe('refusals', () => {
  it('refuses a push that is not a dataset with 400 naming the field, and stores nothing', async () => {
    const before = await getDb().dataset.count();
    const body = structuredClone(push.body) as { conversationalGoldens: { turns: { role: string }[] }[] };
    body.conversationalGoldens[1].turns[0].role = 'bot';
    const bad = await pushTo('support', body);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ success: false, error: 'conversationalGoldens.1.turns.0.role: must be "user" or "assistant" (nothing was stored)' });
    expect((await pushTo('support', { finalized: true })).body.error).toMatch(/^conversationalGoldens: no goldens/);
    expect((await pushTo('support', { goldens: [{ input: 'a' }], conversationalGoldens: [{ scenario: 'b' }] })).body.error).toMatch(/^goldens: push goldens or conversationalGoldens, not both/);
    expect(await getDb().dataset.count()).toBe(before);
  });

  it('answers a pull of an unknown alias, or of a version it does not have, with 404 saying what there is', async () => {
    const unknown = await pullFrom('/v1/datasets/nothing?finalized=true');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatch(/Dataset nothing is not on this Turnwise: push it first/);
    expect((await pullFrom('/v1/datasets/support?version=9')).body.error).toBe('Dataset support has no version 9; its versions are 1, 2, 3.');
  });

  it('refuses to give a version label other goldens (409)', async () => {
    const labelled = await pushTo('labelled', { version: 'v1', conversationalGoldens: [{ scenario: 'a' }] });
    expect(labelled.body.data).toMatchObject({ version: 'v1' });
    const conflict = await pushTo('labelled', { version: 'v1', conversationalGoldens: [{ scenario: 'b' }] });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toMatch(/^Version v1 of dataset labelled holds other goldens/);
  });
});

describe('a Turnwise dataset pulled by its id', () => {
  it('answers its conversations as conversational goldens', async () => {
    const pushed = await pushTo('by-id', { conversationalGoldens: [{ scenario: 's', name: 'kept name', turns: [{ role: 'user', content: 'hi', user_id: 'u1' }] }] });
    const id = pushed.body.data!.id!;
    const answer = await pullFrom(`/v1/datasets/${id}`);
    expect(answer.body.data).toMatchObject({ id, version: null, conversationalGoldens: [{ scenario: 's', name: 'kept name', turns: [{ role: 'user', content: 'hi', userId: 'u1' }] }] });
  });
});
