import { describe, expect, it } from 'vitest';
import { fixture } from '../../tests/fixtures/datasets/fixtures';
import { parseDataset } from './parse-dataset';

const parseFixture = (name: string) => parseDataset(fixture(name), { fileName: name });
const errors = (r: ReturnType<typeof parseDataset>) => r.problems.filter((p) => p.severity === 'error');

describe('deepeval JSON', () => {
  it('reads the knowledge-retention bank-account conversation', () => {
    const r = parseFixture('deepeval-bank-account.json');
    expect(r.format).toBe('deepeval-json');
    expect(r.problems).toEqual([]);
    expect(r.stats).toEqual({ conversations: 1, turns: 25 });
    const turns = r.conversations[0].turns;
    expect(turns[0]).toEqual({
      role: 'assistant',
      content: "Hello! I'm here to assist you with opening a new bank account. To start, may I have your full name, please?",
    });
    // the attrition the metric must catch: asking again for name and account number
    expect(turns[18].content).toContain('remind me of your full name');
    expect(turns[20]).toEqual({ role: 'assistant', content: 'What is your bank account number?' });
  });

  it('reads the older {input, actual_output} turns as a user turn and an assistant turn each', () => {
    const old = parseFixture('deepeval-old-shape.json');
    const current = parseFixture('deepeval-bank-account.json');
    expect(errors(old)).toEqual([]);
    expect(old.conversations[0].turns).toEqual(current.conversations[0].turns);
    // the first case's empty input is reported, not silently dropped
    expect(old.problems).toEqual([
      expect.objectContaining({ severity: 'warning', line: 5, field: 'turns[0].input', message: expect.stringContaining('empty input') }),
    ]);
  });

  it('reads goldens under a wrapper key, keeps unknown fields as metadata and the wrapper fields as dataset metadata', () => {
    const r = parseFixture('deepeval-goldens.json');
    expect(r.problems).toEqual([]);
    expect(r.datasetMetadata).toEqual({ alias: 'support-bot-regression' });
    const [conv, single] = r.conversations;
    expect(conv).toMatchObject({
      externalId: 'refund-001',
      name: 'Refund for a damaged parcel',
      scenario: 'A customer wants a refund for a parcel that arrived damaged.',
      expectedOutcome: 'The assistant explains the refund policy and opens a refund request.',
      chatbotRole: 'A polite support agent for an online shop.',
      userDescription: 'Maria, a returning customer who ordered a lamp.',
      context: ['Refunds are possible within 30 days of delivery.', 'Damaged items need a photo.'],
      metadata: { priority: 'high', locale: 'en-GB', comments: 'Reviewed by the support lead' },
    });
    expect(conv.turns[1].retrievalContext).toHaveLength(2);
    expect(conv.turns[1].toolsCalled).toEqual([
      { name: 'lookup_order', input_parameters: { order_id: '4417' }, output: { delivered: '2024-05-02' } },
    ]);
    expect(conv.turns[2].metadata).toEqual({ user_id: 'cust-88' });
    expect(conv.turns[3].metadata).toEqual({ latency_ms: 820 });
    expect(single).toEqual({
      name: 'returns-address',
      metadata: { source_file: 'faq.md' },
      turns: [
        { role: 'user', content: 'What is your returns address?' },
        {
          role: 'assistant',
          content: 'Send returns to 12 Mill Lane, Leeds.',
          expectedOutput: 'Returns go to 12 Mill Lane, Leeds LS1 4AB.',
          retrievalContext: ['Returns address: 12 Mill Lane, Leeds LS1 4AB.'],
          context: ['Our returns address is 12 Mill Lane, Leeds LS1 4AB.'],
        },
      ],
    });
  });
});

describe('deepeval JSONL', () => {
  it('normalises roles, reads camelCase fields and |-separated lists', () => {
    const r = parseFixture('deepeval-cases.jsonl');
    expect(r.format).toBe('deepeval-jsonl');
    expect(r.problems).toEqual([]);
    const [c1, c2, c3] = r.conversations;
    expect(c1.turns.map((t) => t.role)).toEqual(['user', 'assistant']);
    expect(c1.turns[1].retrievalContext).toEqual(['Sunday: 10am-4pm', 'Saturday: 9am-6pm']);
    expect(c2.turns[1]).toEqual({
      role: 'assistant',
      content: 'Yes, from 10 to 200 pounds.',
      retrievalContext: ['Gift cards: 10-200 GBP'],
      expectedOutput: 'Yes, gift cards from £10 to £200.',
    });
    expect(c3.turns[1].retrievalContext).toEqual(['Payments: card', 'PayPal', 'bank transfer']);
    expect(c3.turns[1].context).toEqual(['We accept PayPal']);
    expect(c3.metadata).toEqual({ tags: ['payments'] });
  });
});

describe('deepeval CSV', () => {
  it('reads turns from a JSON cell and single-turn rows, keeping extra columns as metadata', () => {
    const r = parseFixture('deepeval.csv');
    expect(r.format).toBe('deepeval-csv');
    expect(r.problems).toEqual([]);
    const [conv, single] = r.conversations;
    expect(conv).toEqual({
      externalId: 'conv-1',
      scenario: 'Delivery question',
      expectedOutcome: 'The user learns the delivery date',
      chatbotRole: 'A courier support bot',
      context: ['Orders ship in 2 days', 'Delivery takes 3 days'],
      metadata: { reviewer: 'ana' },
      turns: [
        { role: 'user', content: 'When will order 55 arrive?' },
        { role: 'assistant', content: 'Order 55 should arrive on Friday, 12 July.', retrievalContext: ['Order 55 shipped on 9 July'] },
      ],
    });
    expect(single.turns[1]).toEqual({
      role: 'assistant',
      content: 'We close at 6pm, every day.',
      expectedOutput: '6pm',
      retrievalContext: ['Opening hours: 9am-6pm'],
      context: ['Our store closes at 6pm'],
    });
  });
});

describe('OpenAI chat JSONL', () => {
  it('keeps the system message as chatbotRole, its tools as the available tools, and folds tool calls and results into the reply', () => {
    const r = parseFixture('openai-chat.jsonl');
    expect(r.format).toBe('openai-jsonl');
    expect(errors(r)).toEqual([]);
    const [trip, sign] = r.conversations;
    expect(trip.chatbotRole).toBe('You are a travel assistant for Rail Co.');
    // OpenAI's `tools` list is what the chatbot may call: the available tools tool_use reads.
    expect(trip.availableTools).toEqual([{ name: 'search_trains' }]);
    expect(trip.metadata).toBeUndefined();
    expect(trip.turns).toEqual([
      { role: 'user', content: 'Is there a train from York to Leeds after 11pm?' },
      {
        role: 'assistant',
        content: 'Yes, the last train leaves York at 23:14.',
        toolsCalled: [
          {
            id: 'call_1',
            name: 'search_trains',
            input_parameters: { from: 'York', to: 'Leeds', after: '23:00' },
            output: '[{"departs": "23:14"}]',
          },
        ],
      },
    ]);
    expect(sign.externalId).toBe('chat-2');
    expect(sign.turns[0].content).toBe('What does this sign mean?');
    expect(sign.turns[0].metadata).toEqual({
      contentParts: [{ type: 'image_url', image_url: { url: 'https://example.com/sign.png' } }],
    });
    expect(sign.turns[1]).toEqual({ role: 'assistant', content: 'It means the platform is closed.', metadata: { weight: 1 } });
    expect(r.problems).toEqual([expect.objectContaining({ severity: 'warning', line: 2, field: 'messages[0].content' })]);
  });

  it('keeps a system message that comes mid-conversation, and tool calls with no reply after them', () => {
    const line = JSON.stringify({
      messages: [
        { role: 'user', content: 'Book it' },
        { role: 'system', content: 'Booking mode on' },
        { role: 'assistant', content: '', tool_calls: [{ id: 'c9', type: 'function', function: { name: 'book', arguments: 'not json' } }] },
      ],
    });
    const r = parseDataset(line, { fileName: 'x.jsonl' });
    expect(r.conversations[0].chatbotRole).toBe('Booking mode on');
    expect(r.conversations[0].metadata).toEqual({ systemMessages: [{ beforeTurn: 1, content: 'Booking mode on' }] });
    expect(r.conversations[0].turns[1]).toEqual({
      role: 'assistant',
      content: '',
      toolsCalled: [{ id: 'c9', name: 'book', input_parameters: 'not json' }],
    });
    expect(r.problems.map((p) => p.severity)).toEqual(['warning']);
  });
});

describe('ShareGPT', () => {
  it('maps human/gpt to user/assistant and system to chatbotRole (JSON)', () => {
    const r = parseFixture('sharegpt.json');
    expect(r.format).toBe('sharegpt-json');
    expect(r.problems).toEqual([]);
    expect(r.conversations[0]).toEqual({
      externalId: 'sg-1',
      chatbotRole: 'You are a helpful cooking assistant.',
      metadata: { source: 'kitchen-faq' },
      turns: [
        { role: 'user', content: 'How long do I boil an egg for a runny yolk?' },
        { role: 'assistant', content: 'About 6 minutes in boiling water.' },
        { role: 'user', content: 'And hard boiled?' },
        { role: 'assistant', content: 'Around 10 minutes.', metadata: { weight: 1 } },
      ],
    });
  });

  it('reads ShareGPT JSONL and a single ShareGPT object', () => {
    expect(parseFixture('sharegpt.jsonl')).toMatchObject({ format: 'sharegpt-jsonl', stats: { conversations: 2, turns: 4 } });
    const one = parseDataset(JSON.stringify({ conversations: [{ from: 'human', value: 'a' }, { from: 'gpt', value: 'b' }] }), {
      fileName: 'one.json',
    });
    expect(one).toMatchObject({ format: 'sharegpt-json', stats: { conversations: 1, turns: 2 } });
  });
});

describe('case fields in OpenAI chat and ShareGPT records', () => {
  const fields = { scenario: 'A shopper wants a refund.', expected_outcome: 'The refund is promised.', chatbot_role: 'A refund desk', user_description: 'Maria' };
  it('reads scenario, expected outcome, chatbot role and user description where the metrics and the simulated user read them, not into metadata', () => {
    const openai = parseDataset(
      JSON.stringify({ ...fields, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Refund?' }, { role: 'assistant', content: 'Yes.' }] }) + '\n',
      { fileName: 'chat.jsonl' },
    );
    expect(openai.format).toBe('openai-jsonl');
    expect(openai.conversations[0]).toMatchObject({ scenario: fields.scenario, expectedOutcome: fields.expected_outcome, chatbotRole: 'A refund desk', userDescription: 'Maria', metadata: { system: 'Be brief.' } });
    const sharegpt = parseDataset(JSON.stringify([{ ...fields, conversations: [{ from: 'human', value: 'Refund?' }, { from: 'gpt', value: 'Yes.' }] }]), { fileName: 'sg.json' });
    expect(sharegpt.format).toBe('sharegpt-json');
    expect(sharegpt.conversations[0]).toMatchObject({ scenario: fields.scenario, expectedOutcome: fields.expected_outcome, chatbotRole: 'A refund desk', userDescription: 'Maria' });
    expect(sharegpt.conversations[0].metadata).toBeUndefined();
  });
});

describe('long CSV', () => {
  it('groups rows by conversation_id, orders by turn_index and keeps extra columns as turn metadata', () => {
    const r = parseFixture('long.csv');
    expect(r.format).toBe('long-csv');
    expect(r.problems).toEqual([]);
    const [support, billing] = r.conversations;
    expect(support.externalId).toBe('support-7');
    expect(support.turns.map((t) => t.content)).toEqual([
      'My router keeps dropping the connection.',
      'Hello, you have reached Acme support. How can I help?',
      'It happens every evening,\r\naround 8pm.',
      'Evening drops are usually interference: try channel 11.',
    ]);
    expect(support.turns[3]).toEqual({
      role: 'assistant',
      content: 'Evening drops are usually interference: try channel 11.',
      retrievalContext: ['Channel 11 avoids neighbour interference', 'Restart the router first'],
      expectedOutput: 'Suggest changing the Wi-Fi channel',
      metadata: { channel: 'web' },
    });
    expect(billing.turns.map((t) => t.role)).toEqual(['user', 'assistant']);
    expect(billing.turns[1].content).toBe('=The second charge is a pending authorisation, it will disappear.');
  });

  it('accepts rows of one conversation anywhere in the file', () => {
    const text = 'conversation_id,turn_index,role,content\na,0,user,hi\nb,0,user,yo\na,1,assistant,hello\n';
    const r = parseDataset(text);
    expect(r.conversations.map((c) => [c.externalId, c.turns.length])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
  });

  it('uses a caller-edited mapping', () => {
    const text = 'thread,speaker,utterance,note\nt1,human,Hi,first\nt1,ai,Hello,second\n';
    const r = parseDataset(text, {
      csvMapping: { thread: 'conversationId', speaker: 'role', utterance: 'content', note: 'expectedOutput' },
    });
    expect(r.format).toBe('long-csv');
    expect(r.conversations[0].turns[1]).toEqual({ role: 'assistant', content: 'Hello', expectedOutput: 'second' });
  });

  it('reads semicolon-separated files', () => {
    const r = parseDataset('conversation_id;role;content\nx;user;Bonjour, ça va ?\nx;assistant;Oui\n');
    expect(r.conversations[0].turns[0].content).toBe('Bonjour, ça va ?');
  });
});

describe('Mastra cases', () => {
  it('turns input/output/context into a user turn and an assistant turn with context', () => {
    const r = parseFixture('mastra-cases.json');
    expect(r.format).toBe('mastra-json');
    expect(r.problems).toEqual([]);
    expect(r.conversations[1]).toEqual({
      externalId: 'm-2',
      turns: [
        { role: 'user', content: 'Who wrote Middlemarch?' },
        {
          role: 'assistant',
          content: 'George Eliot wrote Middlemarch.',
          context: ['Middlemarch is a novel by George Eliot, published 1871-72.'],
          expectedOutput: 'George Eliot',
        },
      ],
    });
  });
});

describe('checks across records', () => {
  it('warns when two conversations share an id', () => {
    const line = JSON.stringify({ id: 'same', turns: [{ role: 'user', content: 'hi' }] });
    const r = parseDataset(`${line}\n${line}\n`, { fileName: 'x.jsonl' });
    expect(r.stats.conversations).toBe(2);
    expect(r.problems).toEqual([
      expect.objectContaining({ severity: 'warning', line: 2, message: 'id "same" is also used by record 1' }),
    ]);
  });

  it('throws a BAD_INPUT AppError for options that are not options', () => {
    expect(() => parseDataset('x', { format: 'excel' as never })).toThrow(expect.objectContaining({ code: 'BAD_INPUT' }));
  });
});

describe('a conversation with no turns', () => {
  it.each([
    ['deepeval JSONL', 'cases.jsonl', '{"turns":[{"role":"user","content":"Hi"},{"role":"assistant","content":"Hello"}]}\n{"scenario":"nothing said yet","turns":[]}\n', 2],
    ['deepeval JSON', 'cases.json', '[\n  {"turns":[{"role":"user","content":"Hi"}]},\n  {"scenario":"nothing said yet","turns":[]}\n]\n', 3],
    ['ShareGPT', 'chats.json', '[\n  {"conversations":[{"from":"human","value":"Hi"}]},\n  {"conversations":[]}\n]\n', 3],
  ])('is refused in %s with its line, and nothing of the file is kept', (_label, fileName, text, line) => {
    const r = parseDataset(text, { fileName });
    expect(errors(r)).toEqual([expect.objectContaining({ line, message: expect.stringContaining('no turns') })]);
  });
});
