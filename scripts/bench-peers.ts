/*
 * Reading a large Langfuse export: a blob export of observations (JSONL, the events table's
 * snake_case rows) as a team has it after months — per turn a root span, a generation whose input
 * repeats the conversation so far, a retrieval step and an event — with the sessions' turns spread
 * through the file as the export orders them (by time). It is read as the import reads it,
 * streamed through the parser; the figures say how long it takes and what memory it holds, which
 * is the turns' text, not the file.
 * Usage: npm run bench:peers [-- --mb 300] [--turns 8] [--dir /tmp/turnwise-bench-peers]
 */
import { createReadStream, createWriteStream, mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createChunkDecoder, createStreamingParser } from '../lib/datasets';

const { values: args } = parseArgs({
  options: {
    mb: { type: 'string', default: '300' },
    turns: { type: 'string', default: '8' },
    dir: { type: 'string', default: '/tmp/turnwise-bench-peers' },
  },
});
const targetBytes = Number(args.mb) * 1024 * 1024;
const turnsPerSession = Number(args.turns);
/** Sessions open at once in the file: their turns interleave, as in an export sorted by time. */
const OPEN_SESSIONS = 200;

const sentence = (seed: number) => `Answer ${seed}: the refund window is thirty days from delivery, and the money reaches the card within five business days of approval.`;

function row(fields: Record<string, unknown>): string {
  return `${JSON.stringify({ project_id: 'proj', environment: 'production', level: 'DEFAULT', version: '', bookmarked: false, public: false, user_id: 'u', metadata: {}, tags: ['support'], release: '2026.11', ...fields })}\n`;
}

async function writeExport(file: string): Promise<{ bytes: number; sessions: number; turns: number }> {
  const out = createWriteStream(file);
  let bytes = 0;
  let sessions = 0;
  let turns = 0;
  const write = async (text: string) => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  };
  let clock = Date.UTC(2026, 10, 1);
  const time = () => new Date((clock += 250)).toISOString().replace('T', ' ').replace('Z', '000');
  while (bytes < targetBytes) {
    // A wave of sessions whose turns alternate through the file.
    for (let turn = 0; turn < turnsPerSession && bytes < targetBytes; turn++) {
      for (let s = 0; s < OPEN_SESSIONS; s++) {
        const session = `sess-${sessions + s}`;
        const trace = `${session}-t${turn}`;
        const history = Array.from({ length: turn * 2 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: i % 2 ? sentence(i) : `Question ${i} about order ${s}?` }));
        const question = `Question ${turn * 2} about order ${s}?`;
        const answer = sentence(turn * 2 + 1);
        await write(row({ id: `${trace}-root`, trace_id: trace, session_id: session, type: 'SPAN', name: 'turn', parent_observation_id: null, is_root_observation: true, start_time: time(), input: JSON.stringify({ question }), output: JSON.stringify({ answer }) }));
        await write(row({ id: `${trace}-ret`, trace_id: trace, session_id: session, type: 'RETRIEVER', name: 'kb', parent_observation_id: `${trace}-root`, is_root_observation: false, start_time: time(), input: JSON.stringify({ query: question }), output: JSON.stringify([{ page_content: 'Refunds: within 30 days of delivery.' }, { page_content: 'Refunds reach the card in 5 business days.' }]) }));
        await write(row({ id: `${trace}-gen`, trace_id: trace, session_id: session, type: 'GENERATION', name: 'chat', parent_observation_id: `${trace}-root`, is_root_observation: false, start_time: time(), input: JSON.stringify([{ role: 'system', content: 'You are the support assistant.' }, ...history, { role: 'user', content: question }]), output: JSON.stringify({ role: 'assistant', content: answer }), usage_details: { input: 900, output: 60 } }));
        await write(row({ id: `${trace}-ev`, trace_id: trace, session_id: session, type: 'EVENT', name: 'cache', parent_observation_id: `${trace}-root`, is_root_observation: false, start_time: time() }));
        turns += 2;
      }
    }
    sessions += OPEN_SESSIONS;
  }
  await new Promise<void>((resolve) => out.end(resolve));
  return { bytes, sessions, turns };
}

async function main() {
  rmSync(args.dir, { recursive: true, force: true });
  mkdirSync(args.dir, { recursive: true });
  const file = path.join(args.dir, 'observations.jsonl');
  const written = await writeExport(file);
  const mb = statSync(file).size / 1024 / 1024;
  console.log(`wrote ${mb.toFixed(0)} MB: ${written.sessions} sessions, ${written.turns} turns of observations`);

  global.gc?.();
  const baseRss = process.memoryUsage().rss;
  let peakRss = baseRss;
  const sample = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  const started = performance.now();
  const parser = createStreamingParser({ fileName: 'observations.jsonl' });
  const decoder = createChunkDecoder();
  let conversations = 0;
  let turns = 0;
  let maxBuffered = 0;
  const take = (batch: { turns: unknown[] }[]) => {
    conversations += batch.length;
    for (const c of batch) turns += c.turns.length;
  };
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) {
    take(parser.push(decoder.decode(chunk as Buffer)));
    maxBuffered = Math.max(maxBuffered, parser.buffered);
  }
  take(parser.push(decoder.end()));
  take(parser.end());
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sample);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  const errors = parser.problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) throw new Error(`the export did not read: ${errors[0].message}`);
  const figures = {
    fileMb: Math.round(mb),
    conversations,
    turns,
    seconds: Number(seconds.toFixed(1)),
    mbPerSecond: Number((mb / seconds).toFixed(1)),
    peakRssMb: Math.round(peakRss / 1024 / 1024),
    rssGrowthMb: Math.round((peakRss - baseRss) / 1024 / 1024),
    maxBufferedChars: maxBuffered,
  };
  console.log(`read ${figures.fileMb} MB in ${figures.seconds} s (${figures.mbPerSecond} MB/s): ${conversations} conversations, ${turns} turns`);
  console.log(`peak RSS ${figures.peakRssMb} MB (${figures.rssGrowthMb} MB over the start), at most ${maxBuffered} characters of a line held`);
  console.log(`BENCH ${JSON.stringify(figures)}`);
  rmSync(args.dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
