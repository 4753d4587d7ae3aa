import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient } from '@/lib/db/client';
import { type Db } from '@/lib/db/db-types';
import { getConversation } from '@/lib/db/queries/datasets/get-conversation';
import { listConversations } from '@/lib/db/queries/datasets/list-conversations';
import { saveDataset } from '@/lib/imports/save-dataset';
import { exportDeepevalJson, exportJsonl, exportLongCsv, parseDataset } from '@/lib/datasets';
import { applicableMetrics } from '@/lib/metrics/registry';
import type { Conversation } from '@/lib/domain/conversation';
import { type FreshDatabase, migratedDatabase, providers } from './db/databases';

/*
 * `retrieval_context: []` (the retriever ran and found nothing) is kept apart from a missing
 * field in every format that carries the field, through the database and back out in every
 * export, so the metrics can score it 0 instead of leaving the turn out. OpenAI logs and
 * ShareGPT have no retrieval field (their extra keys stay in the turn's metadata).
 */

const retrievalOf = (c: Conversation): (string[] | 'missing')[] => c.turns.filter((t) => t.role === 'assistant').map((t) => t.retrievalContext ?? 'missing');
const parse = (text: string): Conversation[] => {
  const result = parseDataset(text);
  expect(result.problems.filter((p) => p.severity === 'error')).toEqual([]);
  return result.conversations;
};

const conversational = {
  expected_outcome: 'The customer learns the opening hours.',
  turns: [
    { role: 'user', content: 'When do you open?' },
    { role: 'assistant', content: 'At 9.', retrieval_context: [], expected_output: 'We open at 9.' },
    { role: 'user', content: 'And close?' },
    { role: 'assistant', content: 'At 5.', expected_output: 'We close at 5.' },
    { role: 'user', content: 'Sundays?' },
    { role: 'assistant', content: 'Closed.', retrieval_context: null, expected_output: 'Closed on Sundays.' },
    { role: 'user', content: 'Holidays?' },
    { role: 'assistant', content: 'Closed.', retrieval_context: ['Closed on holidays.'], expected_output: 'Closed on holidays.' },
  ],
};
const EXPECTED = [[], 'missing', 'missing', ['Closed on holidays.']];

describe('an empty retrieval context on import', () => {
  it.each([
    ['deepeval JSON', JSON.stringify([conversational])],
    ['deepeval JSONL', JSON.stringify(conversational)],
  ])('%s keeps [] apart from a missing or null field', (_label, text) => {
    expect(retrievalOf(parse(text)[0])).toEqual(EXPECTED);
  });

  it.each([
    ['deepeval JSON single-turn cases', JSON.stringify([{ input: 'q', actual_output: 'a', expected_output: 'x', retrieval_context: [] }, { input: 'q', actual_output: 'a', expected_output: 'x' }])],
    ['deepeval JSONL single-turn cases', '{"input":"q","actual_output":"a","expected_output":"x","retrieval_context":[]}\n{"input":"q","actual_output":"a","expected_output":"x","retrieval_context":null}\n'],
    ['deepeval CSV', 'input,actual_output,expected_output,retrieval_context\nq,a,x,[]\nq,a,x,\n'],
    ['Mastra JSON', JSON.stringify([{ input: 'q', output: 'a', context: ['x'], retrieval_context: [] }, { input: 'q', output: 'a', context: ['x'] }])],
  ])('%s keeps [] apart from a missing field', (_label, text) => {
    expect(parse(text).map((c) => retrievalOf(c)[0])).toEqual([[], 'missing']);
  });

  it('a long CSV (spreadsheet) keeps a "[]" cell apart from an empty one', () => {
    const csv = 'conversation_id,turn_index,role,content,retrieval_context\nc1,0,user,hi,\nc1,1,assistant,a,[]\nc1,2,user,q,\nc1,3,assistant,b,\n';
    expect(retrievalOf(parse(csv)[0])).toEqual([[], 'missing']);
  });

  it('every export writes [] back, and reading the export gives the same conversation', () => {
    const [conversation] = parse(JSON.stringify([conversational]));
    for (const exported of [exportDeepevalJson([conversation]), exportJsonl([conversation]), exportLongCsv([conversation])]) {
      const text = [...exported].join('');
      expect(retrievalOf(parse(text)[0]), text.slice(0, 200)).toEqual(EXPECTED);
    }
  });

  it('the recall and faithfulness metrics apply to a conversation whose only retrieval is empty', () => {
    const [conversation] = parse(JSON.stringify([{ ...conversational, turns: conversational.turns.slice(0, 2) }]));
    expect(applicableMetrics([conversation])).toEqual(expect.arrayContaining(['turn_faithfulness', 'contextual_recall', 'turn_contextual_recall']));
    const [none] = parse(JSON.stringify([{ ...conversational, turns: conversational.turns.slice(2, 4) }]));
    expect(applicableMetrics([none])).not.toContain('contextual_recall');
  });
});

describe.each(providers)('an empty retrieval context stored on %s', (provider) => {
  let database: FreshDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await migratedDatabase(provider);
    db = createDbClient(database.url);
  });
  afterAll(async () => {
    await db?.$disconnect();
    await database?.drop();
  });

  it('reads back as [] and a missing field reads back missing', async () => {
    const [conversation] = parse(JSON.stringify([conversational]));
    const { id } = await saveDataset(db, { projectId: 'default', name: 'empty retrieval', sourceFormat: 'deepeval-json', conversations: [conversation] });
    const { rows } = await listConversations(db, 'default', id, { skip: 0, take: 1 });
    const stored = (await getConversation(db, id, rows[0].id)).conversation;
    expect(retrievalOf(stored)).toEqual(EXPECTED);
  });
});
