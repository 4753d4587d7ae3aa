import { describe, expect, it } from 'vitest';
import type { Conversation } from '../domain';
import { exportDeepevalJson, exportJsonl } from './export-deepeval';
import { exportLongCsv } from './export-long-csv';
import { guessCsvMapping } from './csv-mapping';
import { parseDataset } from './parse-dataset';

const weather = { name: 'get_weather', description: 'Weather for a city', input_parameters: { city: 'string' } };
const search = { name: 'search_docs' };

const withTools: Conversation = {
  externalId: 'topics-1',
  chatbotRole: 'travel assistant',
  relevantTopics: ['travel', 'weather | forecasts'],
  availableTools: [weather, search],
  turns: [
    { role: 'user', content: 'Will it rain in Oslo?' },
    { role: 'assistant', content: 'Light rain tomorrow.', toolsCalled: [{ name: 'get_weather', input_parameters: { city: 'Oslo' } }], expectedTools: [{ name: 'get_weather', input_parameters: { city: 'Oslo' } }] },
    { role: 'user', content: 'And a stock tip?' },
    { role: 'assistant', content: 'I only help with travel.' },
  ],
};

const join = (pieces: Iterable<string>) => [...pieces].join('');

describe('relevant_topics, available_tools and expected_tools', () => {
  it('deepeval JSON reads them in snake_case and camelCase', () => {
    const snake = {
      id: 'a',
      relevant_topics: ['billing'],
      available_tools: [search],
      turns: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'hello', expected_tools: [search] },
      ],
    };
    const camel = { id: 'b', relevantTopics: 'billing|refunds', availableTools: [search], turns: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello', expectedTools: [search] }] };
    const r = parseDataset(JSON.stringify([snake, camel]), { fileName: 'x.json' });
    expect(r.problems).toEqual([]);
    expect(r.conversations.map((c) => [c.relevantTopics, c.availableTools, c.turns[1].expectedTools, c.metadata])).toEqual([
      [['billing'], [search], [search], undefined],
      [['billing', 'refunds'], [search], [search], undefined],
    ]);
  });

  it('a single-turn case puts expected_tools on its reply and relevant_topics on the conversation', () => {
    const r = parseDataset(JSON.stringify({ input: 'q', actual_output: 'a', expected_tools: [search], relevant_topics: ['docs'] }) + '\n', { fileName: 'x.jsonl' });
    expect(r.problems).toEqual([]);
    expect(r.conversations[0]).toEqual({ relevantTopics: ['docs'], turns: [{ role: 'user', content: 'q' }, { role: 'assistant', content: 'a', expectedTools: [search] }] });
  });

  it.each([
    ['deepeval JSON', exportDeepevalJson, 'out.json'],
    ['deepeval JSONL', exportJsonl, 'out.jsonl'],
    ['long CSV', exportLongCsv, 'out.csv'],
  ] as const)('%s export writes them back and reads them again', (_label, exporter, fileName) => {
    const again = parseDataset(join(exporter([withTools, { externalId: 'plain', turns: [{ role: 'user', content: 'x' }] }])), { fileName });
    expect(again.problems).toEqual([]);
    expect(again.conversations).toEqual([withTools, { externalId: 'plain', turns: [{ role: 'user', content: 'x' }] }]);
  });

  it('the CSV mapper guesses their columns, and a deepeval CSV reads them', () => {
    expect(guessCsvMapping(['conversation_id', 'role', 'content', 'expected_tools', 'relevant_topics', 'available_tools'])).toMatchObject({
      expected_tools: 'expectedTools',
      relevant_topics: 'relevantTopics',
      available_tools: 'availableTools',
    });
    const csv = `turns,relevant_topics,available_tools\n"${JSON.stringify(withTools.turns).replace(/"/g, '""')}",travel|weather,"${JSON.stringify([search]).replace(/"/g, '""')}"\n`;
    const r = parseDataset(csv, { fileName: 'cases.csv' });
    expect(r.format).toBe('deepeval-csv');
    expect(r.problems).toEqual([]);
    expect(r.conversations[0]).toMatchObject({ relevantTopics: ['travel', 'weather'], availableTools: [search] });
    expect(r.conversations[0].turns[1].expectedTools).toEqual(withTools.turns[1].expectedTools);
  });

  it('OpenAI and ShareGPT records take relevant_topics, and their `tools` list as the available tools', () => {
    const openAiTools = [{ type: 'function', function: { name: 'get_weather', description: 'Weather for a city', parameters: { city: 'string' } } }];
    const openai = parseDataset(JSON.stringify({ messages: [{ role: 'user', content: 'rain?' }, { role: 'assistant', content: 'yes' }], tools: openAiTools, relevant_topics: ['weather'] }) + '\n', { fileName: 'chat.jsonl' });
    expect(openai.format).toBe('openai-jsonl');
    expect(openai.conversations[0]).toMatchObject({ relevantTopics: ['weather'], availableTools: [weather] });
    expect(openai.conversations[0].metadata).toBeUndefined();
    const sharegpt = parseDataset(JSON.stringify([{ conversations: [{ from: 'human', value: 'rain?' }, { from: 'gpt', value: 'yes' }], tools: JSON.stringify(openAiTools), relevantTopics: ['weather'] }]), { fileName: 's.json' });
    expect(sharegpt.format).toBe('sharegpt-json');
    expect(sharegpt.conversations[0]).toMatchObject({ relevantTopics: ['weather'], availableTools: [weather] });
  });

  it('bad values stop the import with the line and field named', () => {
    const lines = [
      JSON.stringify({ id: 'ok', turns: [{ role: 'user', content: 'hi' }] }),
      JSON.stringify({ id: 'topics', relevant_topics: { billing: true }, turns: [{ role: 'user', content: 'hi' }] }),
      JSON.stringify({ id: 'topic item', relevant_topics: ['billing', 3], turns: [{ role: 'user', content: 'hi' }] }),
      JSON.stringify({ id: 'tools', available_tools: ['get_weather'], turns: [{ role: 'user', content: 'hi' }] }),
      JSON.stringify({ id: 'expected', turns: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'x', expected_tools: [{ description: 'no name' }] }] }),
      JSON.stringify({ id: 'not json', turns: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'x', expected_tools: 'get_weather' }] }),
    ].join('\n');
    const r = parseDataset(lines, { fileName: 'bad.jsonl' });
    expect(r.conversations.map((c) => c.externalId)).toEqual(['ok']);
    expect(r.problems.map((p) => [p.line, p.field, p.message])).toEqual([
      [2, 'relevant_topics', 'expected a list of topics (text), found an object'],
      [3, 'relevant_topics[1]', 'expected a topic (non-empty text), found a number'],
      [4, 'available_tools[0]', 'expected a tool: an object with a name, found a string'],
      [5, 'turns[1].expected_tools[0].name', 'a tool needs a name (text), found none'],
      [6, 'turns[1].expected_tools', 'expected a JSON list, found text that is not JSON'],
    ]);
  });

  it('a long CSV names the row and column of a bad tools cell', () => {
    const csv = 'conversation_id,role,content,available_tools\nc1,user,hi,"[{""nom"": ""x""}]"\nc1,assistant,hello,\n';
    const r = parseDataset(csv, { fileName: 'long.csv' });
    expect(r.conversations).toEqual([]);
    expect(r.problems.find((p) => p.severity === 'error')).toMatchObject({ line: 2, field: 'available_tools[0].name', message: 'a tool needs a name (text), found none' });
  });
});
