import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient } from '@/lib/db/client';
import type { Db } from '@/lib/db/db-types';
import { ensureDatabase } from '@/lib/db/migrations';
import { saveDataset } from '@/lib/imports/save-dataset';
import { selectionApplies, type MetricSelection } from '@/lib/metrics/selected-metric';
import { METRIC_NAMES } from '@/lib/metrics/registry';
import type { Conversation } from '@/lib/domain/conversation';
import { countApplicable } from '@/lib/runs/aggregates/applicable-counts';
import { listConversationBatch } from '@/lib/db/queries/datasets/list-conversation-batch';
import { listConversationsAsJson } from '@/lib/db/queries/datasets/list-conversations-as-json';
import { freshDatabase, providers, type FreshDatabase } from './db/databases';
import { storedAndCounted } from './helpers/stored-applicable-counts';

/* Which metrics apply to how many conversations: counted when a dataset is written, the same as reading it. */

const reply = (content: string, extra: Record<string, unknown> = {}) => ({ role: 'assistant' as const, content, ...extra });
const conversations: Conversation[] = [
  { turns: [{ role: 'user', content: 'hi' }, reply('hello')] },
  { expectedOutcome: 'refund', chatbotRole: 'clerk', turns: [{ role: 'user', content: 'refund?' }, reply('yes', { retrievalContext: ['policy'], expectedOutput: 'yes' })] },
  { scenario: 'lost parcel', relevantTopics: ['parcels'], turns: [{ role: 'user', content: 'where?' }, reply('here', { toolsCalled: [{ name: 'track' }] })] },
  { availableTools: [{ name: 'track' }], turns: [{ role: 'user', content: 'track it' }, reply('done', { toolsCalled: [{ name: 'track' }], context: ['a note'] })] },
  { turns: [{ role: 'user', content: 'only a question' }] },
  {
    externalId: 'x1',
    name: 'named',
    userDescription: 'a regular',
    context: ['shop hours'],
    metadata: { channel: 'chat' },
    turns: [{ role: 'user', content: 'open?', metadata: { lang: 'en' } }, reply('yes', { labels: { turn_faithfulness: 'yes' }, expectedTools: [{ name: 'hours' }], expectedOutput: 'yes' })],
  },
];

const custom = (name: string, fields: string[]): MetricSelection => ({
  name,
  options: {},
  custom: { version: 1, definition: { name, criteria: 'Is it right?', fields } as never },
});
const chosen: MetricSelection[] = [
  custom('needs_context', ['content', 'retrieval_context']),
  custom('needs_scenario_and_tools', ['scenario', 'tools_called']),
  custom('any_reply', []),
  { name: 'tool_use', options: { availableTools: [{ name: 'track' }] } },
  { name: 'topic_adherence', options: { threshold: 0.7 } },
];

/** What reading every conversation says, as countApplicable did before the counts were stored. */
function expected(selections: MetricSelection[]) {
  const all = [...METRIC_NAMES.map((name): MetricSelection => selections.find((s) => s.name === name && !s.custom) ?? { name, options: {} }), ...selections.filter((s) => s.custom)];
  const metrics = Object.fromEntries(all.map((s) => [s.name, { items: 0, turns: 0 }]));
  for (const c of conversations) {
    for (const s of all) {
      if (!selectionApplies(s, c)) continue;
      metrics[s.name].items++;
      metrics[s.name].turns += c.turns.length;
    }
  }
  return { conversations: conversations.length, metrics };
}

describe.each(providers)('applicable-metrics counts on %s', (provider) => {
  let fresh: FreshDatabase;
  let db: Db;
  beforeAll(async () => {
    fresh = await freshDatabase(provider);
    await ensureDatabase(fresh.url);
    db = createDbClient(fresh.url);
  });
  afterAll(async () => {
    await db.$disconnect();
    await fresh.drop();
  });

  it('are stored with the dataset and answer for built-in and custom metrics as reading it would', async () => {
    const { id } = await saveDataset(db, { projectId: 'default', name: 'mixed', sourceFormat: 'turnwise', conversations });
    const { stored, counted } = await storedAndCounted(db, id);
    expect(stored).toEqual(counted);
    expect(await countApplicable(db, id, chosen)).toEqual(expected(chosen));
    expect(await countApplicable(db, id)).toEqual(expected([]));
  });

  it('reads conversations back as one JSON row each, the same as through the client', async () => {
    const { id } = await saveDataset(db, { projectId: 'default', name: 'json', sourceFormat: 'turnwise', conversations });
    const viaClient = (await listConversationBatch(db, id, { afterPosition: -1, take: 100 })).map((r) => r.conversation);
    expect(viaClient).toHaveLength(conversations.length);
    expect(await listConversationsAsJson(db, id, 0, 100)).toEqual(viaClient);
    expect(await listConversationsAsJson(db, id, 1, 3)).toEqual(viaClient.slice(1, 3));
  });

  it('are counted for a dataset stored before they existed by the next run started on it, not by a page', async () => {
    const { id } = await saveDataset(db, { projectId: 'default', name: 'older', sourceFormat: 'turnwise', conversations });
    await db.$executeRawUnsafe(`UPDATE "Dataset" SET "applicableCounts" = NULL WHERE "id" = $1`, id);
    expect(await countApplicable(db, id, chosen)).toEqual(expected(chosen));
    expect((await storedAndCounted(db, id)).stored).toBeNull();
    expect(await countApplicable(db, id, chosen, { backFill: true })).toEqual(expected(chosen));
    const { stored, counted } = await storedAndCounted(db, id);
    expect(stored).toEqual(counted);
  });
});
