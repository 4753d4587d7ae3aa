import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatTranscript } from '../components/datasets/chat-transcript';
import { ConversationFields } from '../components/datasets/conversation-fields';
import { ConversationHeader } from '../components/runs/conversation/conversation-header';
import { jsonText } from '../lib/conversations/text-preview';
import { ConversationTurn } from '../components/runs/conversation/conversation-turn';
import { createDbClient } from '../lib/db/client';
import { type Db } from '../lib/db/db-types';
import { getTurnText } from '../lib/db/queries/conversations/get-turn-text';
import { saveDataset } from '../lib/imports/save-dataset';
import type { Conversation, Turn } from '../lib/domain';
import { type FreshDatabase, migratedDatabase } from './db/databases';

// A conversation of 100 turns of ~870 KB was a 175 MB page: the pages send each long text's start only.
const TURN_CHARS = 870 * 1024;
const long = (i: number) => `turn ${i} `.padEnd(TURN_CHARS, 'lorem ipsum ');
const turns: Turn[] = Array.from({ length: 100 }, (_, i) => ({
  role: i % 2 ? 'assistant' : 'user',
  content: long(i),
  ...(i % 2 ? { retrievalContext: [long(1000 + i).slice(0, 40 * 1024), 'a short document'], expectedOutput: long(2000 + i) } : {}),
}));
const PAGE_LIMIT = 2 * 1024 * 1024;

describe('conversation pages with long turns', () => {
  it('render a dataset conversation of 100 × 870 KB turns in under 2 MB, each with "Show all"', () => {
    const html = renderToStaticMarkup(createElement(ChatTranscript, { turns, conversationId: 'c1' }));
    expect(html.length).toBeLessThan(PAGE_LIMIT);
    expect(html.match(/Show all 870 KB/g)).toHaveLength(100 + 50);
    // Short texts stay whole, without a button.
    expect(html).toContain('a short document');
    expect(html.match(/Show all 40 KB/g)).toHaveLength(50);
  });

  it('render a run conversation\'s turns in under 2 MB', () => {
    const html = turns
      .map((t, index) =>
        renderToStaticMarkup(
          createElement(ConversationTurn, {
            turn: { index, role: t.role, content: t.content, retrievalContext: t.retrievalContext ?? [], context: [], expectedOutput: t.expectedOutput ?? null, labels: {} },
            verdicts: { turnIndex: index, state: 'unjudged', colour: '#fff', failing: false, chips: [], retrieval: { state: null, failing: false, chips: [] } },
            selected: false,
            reviews: { runId: 'r1', conversationId: 'c1', byMetric: {} },
          }),
        ),
      )
      .join('');
    expect(html.length).toBeLessThan(PAGE_LIMIT);
    expect(html).toContain('Show all 870 KB');
  });

  it('show an unstored file\'s turns (the import preview) whole', () => {
    const html = renderToStaticMarkup(createElement(ChatTranscript, { turns: [{ role: 'user', content: 'x'.repeat(10_000) }] }));
    expect(html).toContain('x'.repeat(10_000));
    expect(html).not.toContain('Show all');
  });
});

// A 1.5 MB chatbot role, a long scenario and a long tool call were a 31 MB page: fields go as their start too.
const wide: Conversation = {
  scenario: 'scenario '.padEnd(20_000, 's'),
  chatbotRole: 'role '.padEnd(50_000, 'r'),
  userDescription: 'user '.padEnd(20_000, 'u'),
  metadata: { note: 'm'.repeat(90_000) },
  availableTools: [{ name: 'search', description: 'd'.repeat(90_000) }],
  turns: [
    { role: 'user', content: 'hi' },
    { role: 'assistant', content: 'ok', toolsCalled: [{ name: 'search', input_parameters: { q: 'q'.repeat(90_000) } }], metadata: { trace: 't'.repeat(90_000) } },
  ],
};

describe('conversation fields, tool calls and metadata', () => {
  it('render on the dataset page cut, each with "Show all"', () => {
    const html =
      renderToStaticMarkup(createElement(ConversationFields, { conversation: wide, conversationId: 'c1' })) +
      renderToStaticMarkup(createElement(ChatTranscript, { turns: wide.turns, conversationId: 'c1' }));
    expect(html.length).toBeLessThan(60_000);
    expect(html.match(/Show all/g)).toHaveLength(7);
    expect(html).toContain('Show all 49 KB');
  });

  it('render on a run page cut, with "Show all"', () => {
    const html = renderToStaticMarkup(
      createElement(ConversationHeader, {
        run: { id: 'r1', status: 'completed', dataset: { name: 'd', conversationCount: 1 } },
        conversation: { id: 'c1', position: 0, label: 'c', scenario: wide.scenario!, expectedOutcome: null, chatbotRole: wide.chatbotRole!, userDescription: null, relevantTopics: [], turns: [], results: [], verdicts: [], previousId: null, nextId: null },
        verdicts: { turns: [], failing: 0 } as never,
        metrics: [],
      }),
    );
    expect(html.length).toBeLessThan(20_000);
    expect(html.match(/Show all/g)).toHaveLength(2);
  });

  it('show an unstored file\'s fields (the import preview) whole', () => {
    const html = renderToStaticMarkup(createElement(ConversationFields, { conversation: wide }));
    expect(html).toContain(wide.chatbotRole);
    expect(html).not.toContain('Show all');
  });
});

describe('the whole text of a stored turn', () => {
  let database: FreshDatabase;
  let db: Db;
  let conversationId: string;
  let wideId: string;
  beforeAll(async () => {
    database = await migratedDatabase('sqlite');
    db = createDbClient(database.url);
    const saved = await saveDataset(db, { projectId: 'default', name: 'long', sourceFormat: 'turnwise', conversations: [{ turns: turns.slice(0, 2) }, wide] });
    const [first, second] = await db.conversation.findMany({ where: { datasetId: saved.id }, orderBy: { position: 'asc' }, select: { id: true } });
    conversationId = first.id;
    wideId = second.id;
  });
  afterAll(async () => {
    await db?.$disconnect();
    await database?.drop();
  });

  it('comes back whole: content, expected output, a retrieval item', async () => {
    expect(await getTurnText(db, 'default', { conversationId, turnIndex: 1, part: 'content' })).toBe(turns[1].content);
    expect(await getTurnText(db, 'default', { conversationId, turnIndex: 1, part: 'expectedOutput' })).toBe(turns[1].expectedOutput);
    expect(await getTurnText(db, 'default', { conversationId, turnIndex: 1, part: 'retrievalContext', item: 0 })).toBe(turns[1].retrievalContext?.[0]);
  });

  it("comes back whole: a conversation's texts, its tools and metadata, a turn's tool calls and metadata (as the page's JSON)", async () => {
    expect(await getTurnText(db, 'default', { conversationId: wideId, field: 'chatbotRole' })).toBe(wide.chatbotRole);
    expect(await getTurnText(db, 'default', { conversationId: wideId, field: 'scenario' })).toBe(wide.scenario);
    expect(await getTurnText(db, 'default', { conversationId: wideId, field: 'availableTools' })).toBe(jsonText(wide.availableTools));
    expect(await getTurnText(db, 'default', { conversationId: wideId, field: 'metadata' })).toBe(jsonText(wide.metadata));
    expect(await getTurnText(db, 'default', { conversationId: wideId, turnIndex: 1, part: 'toolsCalled' })).toBe(jsonText(wide.turns[1].toolsCalled));
    expect(await getTurnText(db, 'default', { conversationId: wideId, turnIndex: 1, part: 'metadata' })).toBe(jsonText(wide.turns[1].metadata));
    await expect(getTurnText(db, 'default', { conversationId: wideId, field: 'expectedOutcome' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'The conversation has no expected outcome' });
  });

  it('is not found for a turn or item that does not exist', async () => {
    await expect(getTurnText(db, 'default', { conversationId, turnIndex: 7, part: 'content' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(getTurnText(db, 'default', { conversationId, turnIndex: 1, part: 'retrievalContext', item: 5 })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Turn 2 has no retrieval context item 6' });
    await expect(getTurnText(db, 'default', { conversationId, turnIndex: 0, part: 'expectedOutput' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
