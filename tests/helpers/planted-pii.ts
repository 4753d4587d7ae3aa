/*
 * A deepeval JSONL file of support conversations with personal data planted in every kind of text
 * field, beside look-alikes that must be left alone (order numbers, ids, dates, versions, amounts,
 * timestamps, card-like numbers failing Luhn). Each conversation says what was planted in it, so a
 * test checks it alone. Used by tests/redact-pii-import.test.ts and npm run bench:redact-pii.
 */
import { createRandom } from '../../lib/compare/random';

/** A seeded source (lib/compare's mulberry32): every run plants the same values. */
interface Rng {
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}
function createRng(seed: number): Rng {
  const random = createRandom(seed);
  const int = (min: number, max: number) => min + Math.floor(random.next() * (max - min + 1));
  return { int, pick: (items) => items[int(0, items.length - 1)] };
}

export interface PlantedConversation {
  line: string;
  /** Personal data planted in it, by kind, each as written. */
  planted: { email: string[]; phone: string[]; card: string[] };
  /** Look-alikes in it, as written. */
  alike: string[];
}

const FIRST = ['ana', 'bo', 'chen', 'dara', 'eli', 'fatima', 'gus', 'hana', 'ivan', 'jo'];
const DOMAINS = ['example.com', 'mail.example.org', 'corp.example.co.uk', 'example.io'];

function luhnDigit(body: string): number {
  let sum = 0;
  for (let k = body.length - 1, double = true; k >= 0; k--, double = !double) {
    let d = Number(body[k]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

const digits = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join('');
const group = (s: string, sizes: number[], sep: string) => {
  const out: string[] = [];
  let at = 0;
  for (const size of sizes) {
    out.push(s.slice(at, at + size));
    at += size;
  }
  return out.join(sep);
};

function email(rng: Rng): string {
  const name = `${rng.pick(FIRST)}${rng.pick(['', '.', '_', '+shop.'])}${rng.pick(FIRST)}${rng.int(1, 999)}`;
  return `${name}@${rng.pick(DOMAINS)}`;
}

function phone(rng: Rng): string {
  const area = `${rng.int(2, 9)}${digits(rng, 2)}`;
  const mid = `${rng.int(2, 9)}${digits(rng, 2)}`;
  const last = digits(rng, 4);
  return rng.pick([
    `+1 ${area} ${mid} ${last}`,
    `+1-${area}-${mid}-${last}`,
    `+44 20 ${digits(rng, 4)} ${digits(rng, 4)}`,
    `+44 (0)20 ${digits(rng, 4)} ${digits(rng, 4)}`,
    `+33 6 ${digits(rng, 2)} ${digits(rng, 2)} ${digits(rng, 2)} ${digits(rng, 2)}`,
    `+4915${digits(rng, 9)}`,
    `${area}-${mid}-${last}`,
    `(${area}) ${mid}-${last}`,
    `${area}.${mid}.${last}`,
    `020 ${digits(rng, 4)} ${digits(rng, 4)}`,
  ]);
}

function card(rng: Rng): string {
  const [prefix, length, sizes] = rng.pick([
    ['4', 16, [4, 4, 4, 4]],
    ['51', 16, [4, 4, 4, 4]],
    ['2221', 16, [4, 4, 4, 4]],
    ['37', 15, [4, 6, 5]],
    ['6011', 16, [4, 4, 4, 4]],
  ] as const);
  const body = prefix + digits(rng, length - prefix.length - 1);
  const number = body + luhnDigit(body);
  return rng.pick(['plain', ' ', '-']) === 'plain' ? number : group(number, [...sizes], rng.pick([' ', '-']));
}

/** A 16-digit card-like number starting with a card prefix whose check digit is wrong. */
function failingCard(rng: Rng): string {
  const body = `4${digits(rng, 14)}`;
  const wrong = (luhnDigit(body) + rng.int(1, 9)) % 10;
  return group(body + wrong, [4, 4, 4, 4], rng.pick([' ', '-']));
}

function lookAlikes(rng: Rng, i: number): string[] {
  return [
    `ORD-${2024 + (i % 3)}-${String(i).padStart(6, '0')}`,
    `#${rng.int(100000, 999999)}-${rng.int(100, 999)}-${rng.int(1000, 9999)}`,
    `INV-${rng.int(100, 999)}-${rng.int(100, 999)}-${rng.int(1000, 9999)}`,
    `${rng.int(1000000, 9999999)}${rng.int(100, 999)}`,
    `2024-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
    `2024-03-${String(rng.int(10, 28))}T${String(rng.int(10, 23))}:${String(rng.int(10, 59))}:${String(rng.int(10, 59))}.${rng.int(100, 999)}Z`,
    `v${rng.int(1, 9)}.${rng.int(0, 20)}.${rng.int(0, 99)}`,
    `10.0.${rng.int(10000, 19999)}.${rng.int(1000, 9999)}`,
    `$${rng.int(1, 9)},${rng.int(100, 999)},${rng.int(100, 999)}.${rng.int(10, 99)}`,
    // Thousands written with dots; groups over 255, so not an IPv4 address either.
    `${rng.int(1, 9)}.${rng.int(256, 999)}.${rng.int(256, 999)}.${rng.int(256, 999)}`,
    failingCard(rng),
    `${rng.int(10000000, 99999999).toString(16)}-e29b-41d4-a716-${rng.int(100000000, 999999999)}abc`,
    `${1_700_000_000_000 + i}`,
  ];
}

/** Conversation `i` of the planted file (seeded: the same every time). */
export function plantedConversation(i: number): PlantedConversation {
  const rng = createRng(1000 + i);
  const planted = { email: [email(rng), email(rng), email(rng)], phone: [phone(rng), phone(rng)], card: [card(rng)] };
  const alike = lookAlikes(rng, i);
  const [e1, e2, e3] = planted.email;
  const [p1, p2] = planted.phone;
  const [c1] = planted.card;
  const [o1, o2, o3, o4, d1, t1, v1, v2, a1, a2, f1, u1, ms] = alike;
  const record = {
    id: `conv-${i}`,
    scenario: `Customer ${e1} asks about order ${o1}`,
    expected_outcome: `The order ${o1} of ${d1} is refunded`,
    user_description: `Reachable at ${p1}; customer since ${d1}`,
    chatbot_role: `Support agent of shop v${i % 7}; escalate to ops@${DOMAINS[0]} never`,
    metadata: { account: { contact: e2, ticket: o2 }, release: v1, build: v2 },
    turns: [
      { role: 'user', content: `Hi, I'm ${e2}. My order ${o1} placed ${t1} was charged ${a1} on card ${c1}. Call me at ${p2}.` },
      {
        role: 'assistant',
        content: `Thanks! I see invoice ${o3} (ref ${o4}, total ${a2}). The card ${f1} on file failed; trace ${u1} at ${ms}.`,
        retrieval_context: [`Refund policy ${v1}: write to ${e3} within 30 days.`, `Case ${o2} notes: contact ${p1}.`],
        tools_called: [{ name: 'lookup_order', input_parameters: { email: e1, order: o1 }, output: { phone: p2, card_last: c1.slice(-4) } }],
      },
      { role: 'user', content: `Ok. My number changed to ${p1} and email to ${e3}.`, expected_output: `Updated ${e3}` },
      { role: 'assistant', content: `Noted. Order ${o1} stays open until ${d1}.` },
    ],
  };
  // ops@example.com in chatbot_role is planted too.
  planted.email.push(`ops@${DOMAINS[0]}`);
  return { line: JSON.stringify(record), planted, alike };
}

/**
 * How many times each kind was planted in conversation i's texts (a value written twice counts
 * twice): what the import must count as redacted.
 */
export const PLANTED_COUNTS = { email: 8, phone: 5, card: 1 } as const;

/** The whole file, `n` conversations. */
export function plantedFile(n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += `${plantedConversation(i).line}\n`;
  return out;
}
