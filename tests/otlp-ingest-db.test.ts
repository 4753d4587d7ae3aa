import { afterEach, describe, expect, it } from 'vitest';
import { createDbClient } from '@/lib/db/client';
import { snapshotLiveDataset } from '@/lib/db/queries/datasets/snapshot-live-dataset';
import { drainPendingBatches, processPendingBatches } from '@/lib/ingest/process-batches';
import { pruneProcessedBatches } from '@/lib/retention/otlp-default';
import { migratedDatabase, providers } from './db/databases';
import { genAiChatAttributes, spanExport } from './helpers/otlp-json';
import { storedAndCounted } from './helpers/stored-applicable-counts';

/*
 * The ingest step on each database: every batch sent three times (exporter retries), drained in
 * slices of four (each slice's facts stored while the one before is written); a second worker finds nothing left.
 */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(providers)('ingest step on %s', (provider) => {
  it('processes each stored batch once and gives each turn once', async () => {
    const fresh = await migratedDatabase(provider);
    const one = createDbClient(fresh.url);
    const two = createDbClient(fresh.url);
    cleanups.push(async () => {
      await one.$disconnect();
      await two.$disconnect();
      await fresh.drop();
    });
    const turns = Array.from({ length: 6 }, (_, i) => ({
      traceId: (i + 1).toString(16).padStart(32, '0'),
      spanId: (i + 1).toString(16).padStart(16, '0'),
      start: 1_000 * (i + 1),
      attributes: genAiChatAttributes(`c-${i % 2}`, `Question ${i}`, `Answer ${i}`),
    }));
    const bodies = turns.map((t) => Buffer.from(JSON.stringify(spanExport('shop', [t]))));
    for (let copy = 0; copy < 3; copy++) {
      for (const body of bodies) await one.otlpBatch.create({ data: { projectId: 'default', signal: 'traces', encoding: 'json', body, byteSize: body.byteLength } });
    }
    const a = await drainPendingBatches(one, { env: {}, limit: 4, stopped: () => false });
    const b = await processPendingBatches(two, { env: {}, limit: 100 });
    expect([a, b]).toEqual([18, 0]);
    const batches = await one.otlpBatch.findMany({ select: { attempts: true, processedAt: true, error: true } });
    expect(batches.every((x) => x.attempts === 1 && x.processedAt !== null && x.error === null)).toBe(true);
    const conversations = await one.conversation.findMany({
      orderBy: { externalId: 'asc' },
      select: { externalId: true, turns: { orderBy: { index: 'asc' }, select: { content: true } } },
    });
    expect(conversations).toEqual([
      { externalId: 'c-0', turns: ['Question 0', 'Answer 0', 'Question 2', 'Answer 2', 'Question 4', 'Answer 4'].map((content) => ({ content })) },
      { externalId: 'c-1', turns: ['Question 1', 'Answer 1', 'Question 3', 'Answer 3', 'Question 5', 'Answer 5'].map((content) => ({ content })) },
    ]);
    expect(await one.dataset.findMany({ select: { name: true, sourceFormat: true, conversationCount: true, turnCount: true } })).toEqual([
      { name: 'Live: shop', sourceFormat: 'otlp', conversationCount: 2, turnCount: 12 },
    ]);

    // A fixed dataset of the live one as it is now: whole, and untouched by later spans.
    const live = await one.dataset.findFirstOrThrow({ where: { sourceFormat: 'otlp' }, select: { id: true } });
    // Which metrics apply to how many conversations follows each write of the live dataset.
    const liveCounts = await storedAndCounted(one, live.id);
    expect(liveCounts.stored).toEqual(liveCounts.counted);
    const snapshot = await snapshotLiveDataset(one, 'default', live.id, 'shop on Friday');
    expect(snapshot.conversationCount).toBe(2);
    const later = Buffer.from(JSON.stringify(spanExport('shop', [{ traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), start: 9_000, attributes: genAiChatAttributes('c-0', 'Question 6', 'Answer 6') }])));
    await one.otlpBatch.create({ data: { projectId: 'default', signal: 'traces', encoding: 'json', body: later, byteSize: later.byteLength } });
    expect(await processPendingBatches(one, { env: {}, limit: 100 })).toBe(1);
    const turnsOf = (datasetId: string) =>
      one.conversation.findMany({
        where: { datasetId },
        orderBy: { position: 'asc' },
        select: { externalId: true, matchKey: true, turnCount: true, turns: { orderBy: { index: 'asc' }, select: { role: true, content: true, metadata: true } } },
      });
    const fixed = await turnsOf(snapshot.id);
    expect(fixed.map((c) => [c.externalId, c.turnCount, c.turns.length])).toEqual([
      ['c-0', 6, 6],
      ['c-1', 6, 6],
    ]);
    expect((await turnsOf(live.id)).find((c) => c.externalId === 'c-0')?.turns.length).toBe(8);
    for (const id of [live.id, snapshot.id]) {
      const { stored, counted } = await storedAndCounted(one, id);
      expect(stored).toEqual(counted);
    }
    // The copy keeps each answer's span, so its verdicts can still be sent back to the trace.
    expect(fixed[0].turns[1].metadata).toMatchObject({ otel: { traceId: turns[0].traceId, spanId: turns[0].spanId } });
    expect(await one.dataset.findUniqueOrThrow({ where: { id: snapshot.id }, select: { name: true, sourceFormat: true, importing: true, conversationCount: true, turnCount: true } })).toEqual({
      name: 'shop on Friday',
      sourceFormat: 'otlp-snapshot',
      importing: false,
      conversationCount: 2,
      turnCount: 12,
    });
    await expect(snapshotLiveDataset(one, 'default', snapshot.id, 'again')).rejects.toThrow(/Only a live \(OpenTelemetry\) dataset/);

    // A turn that arrives late but happened first goes before the stored ones; each turn still once.
    const early = Buffer.from(JSON.stringify(spanExport('shop', [{ traceId: 'c'.repeat(32), spanId: 'd'.repeat(16), start: 500, attributes: genAiChatAttributes('c-1', 'Question early', 'Answer early') }])));
    await one.otlpBatch.create({ data: { projectId: 'default', signal: 'traces', encoding: 'json', body: early, byteSize: early.byteLength } });
    await one.otlpBatch.create({ data: { projectId: 'default', signal: 'traces', encoding: 'json', body: early, byteSize: early.byteLength } });
    expect(await processPendingBatches(one, { env: {}, limit: 1 })).toBe(1);
    expect(await processPendingBatches(two, { env: {}, limit: 1 })).toBe(1);
    const c1 = (await turnsOf(live.id)).find((c) => c.externalId === 'c-1')!;
    expect([c1.turnCount, c1.turns.map((t) => t.content)]).toEqual([8, ['Question early', 'Answer early', 'Question 1', 'Answer 1', 'Question 3', 'Answer 3', 'Question 5', 'Answer 5']]);
    expect(await one.dataset.findUniqueOrThrow({ where: { id: live.id }, select: { conversationCount: true, turnCount: true } })).toEqual({ conversationCount: 2, turnCount: 16 });
  });
});

describe.each(providers)('redaction in the ingest step on %s', (provider) => {
  it('stores turns redacted, adds up a conversation’s counts as it grows, and keeps no received body', async () => {
    const fresh = await migratedDatabase(provider);
    const db = createDbClient(fresh.url);
    cleanups.push(async () => {
      await db.$disconnect();
      await fresh.drop();
    });
    const env = { TURNWISE_LIVE_REDACT: 'email,phone' };
    const send = async (i: number, user: string, answer: string) => {
      const body = Buffer.from(JSON.stringify(spanExport('clinic', [{ traceId: (i + 1).toString(16).padStart(32, '0'), spanId: (i + 1).toString(16).padStart(16, '0'), start: 1_000 * (i + 1), attributes: genAiChatAttributes('c-0', user, answer) }])));
      await db.otlpBatch.create({ data: { projectId: 'default', signal: 'traces', encoding: 'json', body, byteSize: body.byteLength } });
      await processPendingBatches(db, { env, limit: 10 });
    };
    await send(0, 'I am jo@example.com', 'Hello');
    // A second pass writes the stored conversation again (its counts in the UPDATE of the grown conversation).
    await send(1, 'Call 555-123-4567 or mail jo@example.com', 'Noted, order ORD-555-1234');
    const conversation = await db.conversation.findFirstOrThrow({ select: { redactions: true, turns: { orderBy: { index: 'asc' }, select: { content: true } } } });
    expect(conversation.turns.map((t) => t.content)).toEqual(['I am [EMAIL]', 'Hello', 'Call [PHONE] or mail [EMAIL]', 'Noted, order ORD-555-1234']);
    expect(conversation.redactions).toEqual({ email: 2, phone: 1 });
    expect(await db.dataset.findFirstOrThrow({ select: { piiRedaction: true } })).toEqual({ piiRedaction: { kinds: ['email', 'phone'], patterns: [] } });
    expect(await db.otlpBatch.count()).toBe(0);
    // A fixed copy keeps what was taken from each conversation.
    const live = await db.dataset.findFirstOrThrow({ select: { id: true } });
    const snapshot = await snapshotLiveDataset(db, 'default', live.id, 'clinic today');
    expect(await db.conversation.findFirstOrThrow({ where: { datasetId: snapshot.id }, select: { redactions: true } })).toEqual({ redactions: { email: 2, phone: 1 } });
  });
});

describe('ingest step when the database fails for a passing reason', () => {
  it('hands the slice back unprocessed and takes it again later, not marking it failed', async () => {
    const fresh = await migratedDatabase('sqlite');
    const db = createDbClient(fresh.url);
    cleanups.push(async () => {
      await db.$disconnect();
      await fresh.drop();
    });
    // The first transaction ends as Prisma ends one past its timeout.
    let failures = 1;
    const flaky = new Proxy(db, {
      get(target, prop) {
        if (prop === '$transaction' && failures > 0) {
          failures -= 1;
          return () => Promise.reject(Object.assign(new Error('Transaction already closed: the timeout for this transaction was 5000 ms'), { code: 'P2028' }));
        }
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const body = Buffer.from(JSON.stringify(spanExport('shop', [{ traceId: 'e'.repeat(32), spanId: 'f'.repeat(16), start: 1_000, attributes: genAiChatAttributes('c-9', 'Question', 'Answer') }])));
    await db.otlpBatch.create({ data: { projectId: 'default', signal: 'traces', encoding: 'json', body, byteSize: body.byteLength } });
    await drainPendingBatches(flaky, { env: {}, limit: 4, stopped: () => false });
    const handedBack = await db.otlpBatch.findFirstOrThrow({ select: { processedAt: true, error: true, attempts: true, leaseUntil: true } });
    expect(handedBack).toMatchObject({ processedAt: null, error: null, attempts: 1 });
    expect(handedBack.leaseUntil!.getTime()).toBeGreaterThan(Date.now());
    expect(await processPendingBatches(flaky, { env: {} })).toBe(0);

    await db.otlpBatch.updateMany({ data: { leaseUntil: new Date(Date.now() - 1) } });
    expect(await processPendingBatches(flaky, { env: {} })).toBe(1);
    expect(await db.otlpBatch.findFirstOrThrow({ select: { error: true, attempts: true } })).toEqual({ error: null, attempts: 2 });
    expect(await db.conversation.findMany({ select: { externalId: true, turnCount: true } })).toEqual([{ externalId: 'c-9', turnCount: 2 }]);
  });
});

describe('received batches past their kept hours', () => {
  it('are deleted once processed, never before, and their conversations stay', async () => {
    const fresh = await migratedDatabase('sqlite');
    const db = createDbClient(fresh.url);
    cleanups.push(async () => {
      await db.$disconnect();
      await fresh.drop();
    });
    for (let i = 0; i < 3; i++) {
      const body = Buffer.from(JSON.stringify(spanExport('shop', [{ traceId: (i + 1).toString(16).padStart(32, '0'), spanId: (i + 1).toString(16).padStart(16, '0'), start: 1_000 * (i + 1), attributes: genAiChatAttributes('c-1', `Question ${i}`, `Answer ${i}`) }])));
      await db.otlpBatch.create({ data: { projectId: 'default', signal: 'traces', encoding: 'json', body, byteSize: body.byteLength, receivedAt: new Date(Date.now() - (3 - i) * 86_400_000) } });
    }
    expect(await processPendingBatches(db, { env: {}, limit: 2 })).toBe(2);
    const [a, b, waiting] = await db.otlpBatch.findMany({ orderBy: { receivedAt: 'asc' }, select: { id: true } });
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    await db.otlpBatch.update({ where: { id: a.id }, data: { processedAt: hoursAgo(30) } });
    await db.otlpBatch.update({ where: { id: b.id }, data: { processedAt: hoursAgo(1) } });
    const left = async () => (await db.otlpBatch.findMany({ orderBy: { receivedAt: 'asc' }, select: { id: true } })).map((x) => x.id);

    expect(await pruneProcessedBatches(db, { TURNWISE_OTLP_KEEP_HOURS: '0' })).toBe(0);
    expect(await pruneProcessedBatches(db, {})).toBe(1);
    expect(await left()).toEqual([b.id, waiting.id]);
    expect(await pruneProcessedBatches(db, { TURNWISE_OTLP_KEEP_HOURS: '0.5' })).toBe(1);
    // The one never processed stays, however old.
    expect(await left()).toEqual([waiting.id]);
    await expect(pruneProcessedBatches(db, { TURNWISE_OTLP_KEEP_HOURS: 'a day' })).rejects.toThrow('TURNWISE_OTLP_KEEP_HOURS must be a number of hours (0 keeps every batch), not "a day"');
    expect(await db.conversation.findFirstOrThrow({ select: { externalId: true, turnCount: true } })).toEqual({ externalId: 'c-1', turnCount: 4 });
  });
});
