import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

/*
 * A deepeval-shaped JSONL file of support conversations: every assistant turn has retrieval
 * context, so a conversation of 10 turns weighs about 2 KB, like real RAG transcripts.
 */

const TOPICS = ['refund', 'delivery', 'password reset', 'invoice', 'subscription', 'warranty', 'card payment', 'address change'];
const FILLER = 'Our records show the request was received and is being handled; you will get an email once it changes.';

/** Deterministic pseudo-random numbers (mulberry32), so two runs write the same file. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function benchConversationLine(n: number, turns: number, rnd: () => number): string {
  const topic = TOPICS[Math.floor(rnd() * TOPICS.length)];
  const order = 100000 + Math.floor(rnd() * 900000);
  const list: Record<string, unknown>[] = [];
  for (let i = 0; i < turns; i++) {
    if (i % 2 === 0) {
      list.push({ role: 'user', content: `Question ${i / 2 + 1} about my ${topic} for order ${order}: what happens next, and how long will it take?` });
    } else {
      list.push({
        role: 'assistant',
        content: `About your ${topic} (order ${order}): ${FILLER}`,
        retrieval_context: [`Policy ${topic}: handled within ${2 + Math.floor(rnd() * 12)} business days.`, `Order ${order} status: in progress.`],
      });
    }
  }
  return `${JSON.stringify({ id: `conv-${n}`, scenario: `Customer asks about a ${topic}`, turns: list })}\n`;
}

/** Writes `conversations` lines to `path` (with `json`, one JSON list of them); returns the file's size in bytes. */
export async function writeBenchFile(path: string, conversations: number, turns: number, seed = 42, json = false): Promise<number> {
  const rnd = random(seed);
  const out = createWriteStream(path);
  let bytes = 0;
  let chunk = json ? '[\n' : '';
  for (let n = 1; n <= conversations; n++) {
    const line = benchConversationLine(n, turns, rnd);
    chunk += json ? `${line.slice(0, -1)}${n < conversations ? ',' : ''}\n` : line;
    if (chunk.length > 1 << 20) {
      bytes += Buffer.byteLength(chunk);
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  if (json) chunk += ']\n';
  bytes += Buffer.byteLength(chunk);
  out.end(chunk);
  await once(out, 'finish');
  return bytes;
}
