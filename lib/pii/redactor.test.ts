import { describe, expect, it } from 'vitest';
import { createRedactor } from './redactor';
import { redactConversation } from './redact-conversation';
import type { RedactionCounts } from './kinds';

const all = createRedactor({ kinds: ['email', 'phone', 'card', 'ip'], patterns: [{ name: 'staff-id', pattern: 'EMP-[0-9]{6}' }] })!;
const redact = (text: string) => {
  const counts: RedactionCounts = {};
  return { text: all.text(text, counts), counts };
};

describe('built-in kinds', () => {
  it.each([
    ['john.doe+tag@example.co.uk', '[EMAIL]'],
    ['jane_o@sub.example.com', '[EMAIL]'],
    ['+1 415 555 0123', '[PHONE]'],
    ['+44 (0)20 7946 0958', '[PHONE]'],
    ['+33 6 12 34 56 78', '[PHONE]'],
    ['+14155550123', '[PHONE]'],
    ['555-123-4567', '[PHONE]'],
    ['(555) 123-4567', '[PHONE]'],
    ['555.123.4567', '[PHONE]'],
    ['020 7946 0958', '[PHONE]'],
    ['01 23 45 67 89', '[PHONE]'],
    ['4111 1111 1111 1111', '[CARD]'],
    ['4111-1111-1111-1111', '[CARD]'],
    ['5555555555554444', '[CARD]'],
    ['3782 822463 10005', '[CARD]'],
    ['192.168.1.10', '[IP]'],
    ['2001:db8::8a2e:370:7334', '[IP]'],
    ['2001:0db8:85a3:0000:0000:8a2e:0370:7334', '[IP]'],
    ['::ffff:192.0.2.1', '[IP]'],
    ['EMP-123456', '[CUSTOM:staff-id]'],
  ])('replaces %s in a sentence', (value, placeholder) => {
    expect(redact(`Reach me at ${value}, thanks.`).text).toBe(`Reach me at ${placeholder}, thanks.`);
  });

  it('keeps what follows an address: a port, a path, a full stop', () => {
    expect(redact('http://10.0.0.1:8080/x and https://203.0.113.9/path and fe80::1.').text).toBe('http://[IP]:8080/x and https://[IP]/path and [IP].');
  });

  it.each([
    'order ORD-555-123-4567',
    'ticket #555-123-4567',
    'id 5551234567',
    'ref 2024-0115-2233',
    'date 2024-01-15 or 15.01.2024',
    'at 2024-01-15T10:20:30.123Z',
    'amount 1.234.567.890 or 12.345.678.901,50 or $1,234,567.89 or 1 234 567 890',
    'card-like 4111 1111 1111 1112 or 1234567890123456',
    'epoch 1700000000000',
    'version 10.0.19041.1234 or v1.2.3.4 or 1.2.3',
    'time 10:20:30 and mac 00:1a:2b:3c:4d:5e and std::vector and dead::beef',
    'uuid 550e8400-e29b-41d4-a716-446655440000',
    'asset icon@2x.png, package pkg@1.2.3, @mention, a@b',
    'score +15 and 3 +3 4 5 6 7 8 9 1 and +0123456789',
    'EMP-12345 is too short',
  ])('leaves a look-alike alone: %s', (text) => {
    expect(redact(text)).toEqual({ text, counts: {} });
  });

  it('counts by kind', () => {
    expect(redact('a@b.co, c@d.org, 555-123-4567, 10.1.2.3, EMP-000001').counts).toEqual({ email: 2, phone: 1, ip: 1, 'custom:staff-id': 1 });
  });

  it('applies only the kinds asked for', () => {
    const emailOnly = createRedactor({ kinds: ['email'], patterns: [] })!;
    const counts = {};
    expect(emailOnly.text('a@b.co 555-123-4567', counts)).toBe('[EMAIL] 555-123-4567');
    expect(createRedactor({ kinds: [], patterns: [] })).toBeNull();
  });
});

describe('user patterns', () => {
  it('refuses backreferences, lookaround and patterns that match empty text, naming the field', () => {
    expect(() => createRedactor({ kinds: [], patterns: [{ name: 'x', pattern: '(a)\\1' }] })).toThrow(/pattern: not a pattern RE2 accepts.*backreferences/);
    expect(() => createRedactor({ kinds: [], patterns: [{ name: 'x', pattern: 'a(?=b)' }] })).toThrow(/RE2/);
    expect(() => createRedactor({ kinds: [], patterns: [{ name: 'x', pattern: 'a*' }] })).toThrow(/matches empty text/);
    expect(() => createRedactor({ kinds: [], patterns: [{ name: 'Bad Name', pattern: 'a' }] })).toThrow(/name:/);
  });

  it('runs a pattern that backtracks in JavaScript in linear time', () => {
    const r = createRedactor({ kinds: [], patterns: [{ name: 'evil', pattern: '(a+)+b' }] })!;
    const text = 'a'.repeat(200_000);
    const started = performance.now();
    expect(r.text(text, {})).toBe(text);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('never lets short matches grow a text past twice its length', () => {
    const r = createRedactor({ kinds: [], patterns: [{ name: 'digit', pattern: '[0-9]' }] })!;
    const counts: RedactionCounts = {};
    const out = r.text('1'.repeat(1000), counts);
    expect(out.length).toBeLessThanOrEqual(2 * 1000 + 256);
    expect(out).toMatch(/\[REDACTED\]$/);
    expect(out).not.toMatch(/1/);
  });
});

describe('redactConversation', () => {
  it('covers every text field of a conversation and its turns, and leaves ids, roles, keys and labels', () => {
    const { conversation, counts } = redactConversation(
      {
        externalId: 'a@b.co',
        name: 'call 555-123-4567',
        scenario: 'user a@b.co',
        expectedOutcome: 'b@c.co',
        chatbotRole: 'c@d.co',
        userDescription: 'd@e.co',
        context: ['e@f.co'],
        relevantTopics: ['f@g.co'],
        availableTools: [{ name: 'send', description: 'to g@h.co' }],
        metadata: { owner: { email: 'h@i.co' }, 'x@y.co': 1 },
        turns: [
          {
            role: 'user',
            content: 'my card 4111 1111 1111 1111',
            retrievalContext: ['10.0.0.1'],
            context: ['i@j.co'],
            toolsCalled: [{ name: 'lookup', input_parameters: { email: 'j@k.co' }, output: ['k@l.co'] }],
            expectedTools: [{ name: 'lookup', input_parameters: { to: 'l@m.co' } }],
            expectedOutput: 'm@n.co',
            metadata: { ip: '10.0.0.2' },
            labels: { turn_faithfulness: 'yes' },
          },
        ],
      },
      all,
    );
    expect(JSON.stringify({ ...conversation, externalId: undefined })).not.toMatch(/[a-z]@[a-z]\.co"(?!:)|4111|10\.0\.0/);
    expect(conversation.externalId).toBe('a@b.co');
    expect(conversation.metadata).toEqual({ owner: { email: '[EMAIL]' }, 'x@y.co': 1 });
    expect(conversation.turns[0].labels).toEqual({ turn_faithfulness: 'yes' });
    expect(counts).toEqual({ email: 13, phone: 1, card: 1, ip: 2 });
  });

  it('walks metadata nested deeper than the call stack would allow', () => {
    let deep: Record<string, unknown> = { leaf: 'a@b.co' };
    for (let i = 0; i < 50_000; i++) deep = { d: deep };
    const counts: RedactionCounts = {};
    all.json(deep, counts);
    expect(counts).toEqual({ email: 1 });
  });
});
