import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../lib/db/client';
import { startApiServer } from './helpers/api-server';

/*
 * POST /api/v1/datasets with files from real life: a CSV whose roles are agent_1/agent_2
 * (mapped with `roleValues`), a JSONL whose last line was cut off (imported without it with
 * `skipInvalid=true`, and refused whole without), errors grouped by kind.
 */

let routes: { datasets: typeof import('../app/api/v1/datasets/route') };
let server: { stop(): Promise<void> } | undefined;

beforeAll(async () => {
  server = await startApiServer();
  routes = { datasets: await import('../app/api/v1/datasets/route') };
});
afterAll(async () => {
  await server?.stop();
});

const BASE = 'http://localhost/api/v1';
type Body = Record<string, unknown> & { error?: { code: string; message: string; line?: number } };

async function upload(fields: Record<string, string>, file: string, fileName: string): Promise<{ status: number; body: Body }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([file]), fileName);
  const response = await routes.datasets.POST(new Request(`${BASE}/datasets`, { method: 'POST', body: form }));
  return { status: response.status, body: (await response.json()) as Body };
}
const datasetCount = () => getDb().dataset.count();

// 20 conversations of 2 turns, roles agent_1 (the customer) and agent_2 (the bot).
const agentsCsv = [
  'chat_id,speaker,utterance',
  ...Array.from({ length: 20 }, (_, i) => [`c${i},agent_1,Where is parcel ${i}?`, `c${i},agent_2,"Parcel ${i} arrives tomorrow, by noon."`]).flat(),
].join('\n');
const mapping = JSON.stringify({ chat_id: 'conversationId', speaker: 'role', utterance: 'content' });

describe('role values', () => {
  it('imports agent_1/agent_2 as user/assistant with roleValues', async () => {
    const { status, body } = await upload(
      { name: 'agents', csvMapping: mapping, roleValues: JSON.stringify({ agent_1: 'user', agent_2: 'assistant' }) },
      agentsCsv,
      'agents.csv',
    );
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ conversations: 20, turns: 40 });
    const turns = await getDb().turn.findMany({ where: { conversation: { datasetId: body.id as string } }, orderBy: [{ conversationId: 'asc' }, { index: 'asc' }], take: 2 });
    expect(turns.map((t) => t.role)).toEqual(['user', 'assistant']);
  });

  it('without them refuses the file with one group per kind of error, each line once, and stores nothing', async () => {
    const before = await datasetCount();
    const { status, body } = await upload({ name: 'agents', csvMapping: mapping }, agentsCsv, 'agents.csv');
    expect(status).toBe(400);
    const groups = (body.error as unknown as { groups: unknown }).groups as { severity: string; message: string; count: number; lines: number[] }[];
    expect(groups.map((g) => [g.message, g.count])).toEqual([
      [expect.stringContaining('unknown role "agent_1"'), 20],
      [expect.stringContaining('unknown role "agent_2"'), 20],
    ]);
    expect(groups[0].lines).toEqual([2, 4, 6, 8, 10]);
    expect(new Set(groups[0].lines).size).toBe(groups[0].lines.length);
    expect(body.error!.message).toMatch(/role values/);
    expect(await datasetCount()).toBe(before);
  });

  it('maps role values in JSONL messages too', async () => {
    const jsonl = ['customer', 'agent'].map((who, i) => JSON.stringify({ turns: [{ role: 'customer', content: `Hi ${i}` }, { role: 'agent', content: `Hello ${who}` }] })).join('\n');
    const refused = await upload({ name: 'jsonl roles' }, jsonl, 'roles.jsonl');
    expect(refused.status).toBe(400);
    const { status, body } = await upload({ name: 'jsonl roles', roleValues: JSON.stringify({ customer: 'user', agent: 'assistant' }) }, jsonl, 'roles.jsonl');
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ conversations: 2, turns: 4 });
  });

  it('names the field and the value of a bad mapping', async () => {
    const notJson = await upload({ name: 'x', roleValues: '{agent_1: user' }, agentsCsv, 'agents.csv');
    expect(notJson.status).toBe(400);
    expect(JSON.stringify(notJson.body)).toMatch(/roleValues/);
    const badRole = await upload({ name: 'x', roleValues: JSON.stringify({ agent_1: 'customer' }) }, agentsCsv, 'agents.csv');
    expect(badRole.status).toBe(400);
    expect(badRole.body.error).toMatchObject({ field: 'roleValues.agent_1', message: 'roleValues.agent_1: map each role value to "user" or "assistant"' });
  });
});

describe('skipInvalid', () => {
  const good = Array.from({ length: 99 }, (_, i) => JSON.stringify({ name: `chat ${i}`, turns: [{ role: 'user', content: `Question ${i}?` }, { role: 'assistant', content: `Answer ${i}.` }] }));
  const jsonl = [...good, '{"name": "chat 99", "turns": [{"role": "user", "content": "Quest'].join('\n');

  it('without it, a file with one bad line stores nothing', async () => {
    const before = await datasetCount();
    const { status, body } = await upload({ name: 'cut' }, jsonl, 'cut.jsonl');
    expect(status).toBe(400);
    expect(body.error!.message).toMatch(/^Nothing was stored/);
    expect(body.error).toMatchObject({ line: 100 });
    expect(await datasetCount()).toBe(before);
  });

  it('with skipInvalid=true stores the good conversations and a note of the skipped line, which the API returns', async () => {
    const { status, body } = await upload({ name: 'cut', skipInvalid: 'true' }, jsonl, 'cut.jsonl');
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ conversations: 99, turns: 198 });
    const skipped = body.skipped as { line: number; message: string }[];
    expect(skipped).toHaveLength(1);
    expect(skipped[0]).toMatchObject({ line: 100 });
    expect(skipped[0].message).toMatch(/JSON/);

    const stored = await getDb().dataset.findUniqueOrThrow({ where: { id: body.id as string }, select: { conversationCount: true, skippedLines: true } });
    expect(stored.conversationCount).toBe(99);
    expect(stored.skippedLines).toEqual(skipped);
    const list = await routes.datasets.GET(new Request(`${BASE}/datasets?pageSize=100`));
    const item = ((await list.json()) as { items: { id: string; skipped: unknown }[] }).items.find((d) => d.id === body.id);
    expect(item?.skipped).toEqual(skipped);
  });

  it('notes every line of a CSV conversation it leaves out, not only the row with the error', async () => {
    // c1 is lines 2-3, c2 lines 4-6 with an unknown role on line 5, c3 lines 7-8.
    const csv = [
      'chat_id,speaker,utterance',
      'c1,user,Where is my parcel?',
      'c1,assistant,It arrives tomorrow.',
      'c2,user,Can I change the address?',
      'c2,robot,Yes: open the order page.',
      'c2,user,Thanks.',
      'c3,user,Do you ship abroad?',
      'c3,assistant,To 30 countries.',
    ].join('\n');
    const { status, body } = await upload({ name: 'csv skip', csvMapping: mapping, skipInvalid: 'true' }, csv, 'skip.csv');
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ conversations: 2, turns: 4 });
    const skipped = body.skipped as { line: number; field: string; message: string }[];
    expect(skipped.map((s) => s.line)).toEqual([4, 5, 6]);
    expect(skipped[1]).toMatchObject({ field: 'speaker', message: expect.stringContaining('unknown role "robot"') });
    expect(skipped[0].message).toBe('left out with conversation "c2", which has an error on line 5');
    expect(skipped[2].message).toBe(skipped[0].message);
    const stored = await getDb().conversation.findMany({ where: { datasetId: body.id as string }, select: { externalId: true }, orderBy: { externalId: 'asc' } });
    expect(stored.map((c) => c.externalId)).toEqual(['c1', 'c3']);
  });

  it('still refuses a file with nothing good in it, and a bad value of the field', async () => {
    const none = await upload({ name: 'none', skipInvalid: 'true' }, '{"turns": [}\n{"turns": 3}', 'none.jsonl');
    expect(none.status).toBe(400);
    expect(none.body.error!.message).toMatch(/Nothing was stored/);
    const bad = await upload({ name: 'x', skipInvalid: 'maybe' }, jsonl, 'cut.jsonl');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/skipInvalid/);
  });
});

describe('redact', () => {
  it('replaces personal data before storing, answers the counts, and must come before the file', async () => {
    const chat = JSON.stringify({ id: 'r1', turns: [{ role: 'user', content: 'I am lee@example.com from 198.51.100.7' }, { role: 'assistant', content: 'Hi.' }] });
    const { status, body } = await upload({ name: 'redacted', redact: 'email,ip' }, chat, 'r.jsonl');
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.redactions).toEqual({ email: 1, ip: 1 });
    const turn = await getDb().turn.findFirstOrThrow({ where: { conversation: { datasetId: body.id as string }, index: 0 }, select: { content: true } });
    expect(turn.content).toBe('I am [EMAIL] from [IP]');

    const form = new FormData();
    form.append('file', new Blob([chat]), 'late.jsonl');
    form.append('redact', 'email');
    const before = await datasetCount();
    const late = await routes.datasets.POST(new Request(`${BASE}/datasets`, { method: 'POST', body: form }));
    expect(late.status).toBe(400);
    expect(((await late.json()) as Body).error).toMatchObject({ code: 'BAD_INPUT', field: 'redact', message: expect.stringMatching(/put this field before file/) });
    expect(await datasetCount()).toBe(before);
  });
});
