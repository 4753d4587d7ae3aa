/*
 * Converts conversations of the CMU Document Grounded Conversations train split
 * (github.com/festvox/datasets-CMU_DoG: Conversations/train/*.json and WikiData/*.json) into
 * deepeval-style JSONL for `npm run bench:offline-grounded`. In each conversation where one
 * person read the document, that person is the assistant and each of their turns carries the
 * document section shown to them as its retrieval context. Only the train split is read.
 * The data stays outside the repository.
 * Usage: npx tsx scripts/convert-cmu-dog.ts --source DIR --out FILE [--limit 200] [--skip 0]
 * --skip leaves out the first N usable conversations: --skip 200 makes a second, disjoint set to
 * report on after rules were tuned on the first.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';

const { values: args } = parseArgs({
  options: { source: { type: 'string' }, out: { type: 'string' }, limit: { type: 'string', default: '200' }, skip: { type: 'string', default: '0' }, 'min-turns': { type: 'string', default: '8' } },
});
if (!args.source || !args.out) throw new Error('Usage: --source DIR (a CMU_DoG checkout) --out FILE');

const conversationFile = z.object({
  history: z.array(z.object({ docIdx: z.number(), text: z.string(), uid: z.string() })),
  whoSawDoc: z.array(z.string()),
  wikiDocumentIdx: z.number(),
  status: z.union([z.number(), z.boolean()]).optional(),
});
const sectionZero = z.object({
  movieName: z.string().optional(),
  year: z.union([z.string(), z.number()]).optional(),
  director: z.string().optional(),
  genre: z.string().optional(),
  introduction: z.string().optional(),
  cast: z.array(z.string()).optional(),
  rating: z.array(z.string()).optional(),
  critical_response: z.array(z.string()).optional(),
});

const sentence = (s: string): string => (/[.!?]["')]*$/.test(s.trim()) ? s.trim() : `${s.trim()}.`);

/** The text of one document section, field by field as plain sentences. */
function sectionText(doc: Record<string, unknown>, idx: number): string {
  const raw = doc[String(idx)];
  if (idx !== 0) return typeof raw === 'string' ? raw : '';
  const s = sectionZero.parse(raw);
  return [
    s.movieName && `Movie: ${s.movieName}`,
    s.year !== undefined && `Year: ${s.year}`,
    s.director && `Director: ${s.director}`,
    s.genre && `Genre: ${s.genre}`,
    ...(s.cast ?? []).map((c) => `Cast: ${c}`),
    s.introduction,
    ...(s.rating ?? []).map((r) => `Rating: ${r}`),
    ...(s.critical_response ?? []).map((c) => `Critical response: ${c}`),
  ]
    .filter((x): x is string => typeof x === 'string' && x.trim().length > 0)
    .map(sentence)
    .join(' ');
}

const docs = new Map<number, Record<string, unknown>>();
for (const f of readdirSync(path.join(args.source, 'WikiData'))) {
  const doc = JSON.parse(readFileSync(path.join(args.source, 'WikiData', f), 'utf8')) as Record<string, unknown>;
  docs.set(Number(doc.wikiDocumentIdx), doc);
}

const dir = path.join(args.source, 'Conversations', 'train');
const lines: string[] = [];
let skipped = 0;
for (const f of readdirSync(dir).sort()) {
  if (lines.length >= Number(args.limit)) break;
  const c = conversationFile.parse(JSON.parse(readFileSync(path.join(dir, f), 'utf8')));
  const doc = docs.get(c.wikiDocumentIdx);
  if (c.whoSawDoc.length !== 1 || !doc || c.status === 0 || c.status === false) continue;
  const reader = c.whoSawDoc[0];
  // One turn per run of messages from the same person.
  const turns: { role: 'user' | 'assistant'; content: string; retrieval_context?: string[]; docIdx: number }[] = [];
  for (const m of c.history) {
    const text = m.text.trim();
    if (!text) continue;
    const role = m.uid === reader ? 'assistant' : 'user';
    const last = turns[turns.length - 1];
    if (last && last.role === role) last.content += ` ${text}`;
    else turns.push({ role, content: text, docIdx: m.docIdx });
  }
  if (turns.length < Number(args['min-turns']) || !turns.some((t) => t.role === 'assistant')) continue;
  if (skipped < Number(args.skip)) {
    skipped++;
    continue;
  }
  const out = turns.map(({ docIdx, ...t }) => (t.role === 'assistant' ? { ...t, retrieval_context: [sectionText(doc, docIdx)] } : t));
  lines.push(JSON.stringify({ id: `cmu-dog-train-${path.basename(f, '.json')}`, turns: out }));
}
writeFileSync(args.out, `${lines.join('\n')}\n`);
console.log(`wrote ${lines.length} conversations to ${args.out}`);
