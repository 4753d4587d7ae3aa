import { readFileSync } from 'node:fs';
import path from 'node:path';
import { strToU8, Zip, ZipDeflate, ZipPassThrough, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { previewDatasetStream } from './preview-file';
import { bodyEvents, type SourceEvent } from './source-events';

const PEERS = path.resolve(import.meta.dirname, '../../tests/fixtures/peers');

async function* chunks(bytes: Uint8Array, size = 333): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function eventsOf(body: AsyncIterable<Uint8Array>, limits?: Parameters<typeof bodyEvents>[1]) {
  const files: Record<string, string> = {};
  const problems: SourceEvent[] = [];
  let current = '';
  const decoder = new TextDecoder();
  for await (const batch of bodyEvents(body, limits)) {
    for (const e of batch) {
      if ('file' in e) files[(current = e.file)] = '';
      else if ('bytes' in e) files[current] += decoder.decode(e.bytes, { stream: true });
      else problems.push(e);
    }
  }
  return { files, problems: problems.map((p) => ('problem' in p ? p.problem : null)) };
}

/** A zip written as a browser writes one, streaming: sizes after each file (data descriptors), stored or deflated. */
function streamedZip(entries: Record<string, string>, deflate: boolean): Uint8Array {
  const parts: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    parts.push(chunk);
  });
  for (const [name, text] of Object.entries(entries)) {
    const entry = deflate ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    zip.add(entry);
    const bytes = strToU8(text);
    entry.push(bytes.subarray(0, 10));
    entry.push(bytes.subarray(10), true);
  }
  zip.end();
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

describe('a body as files', () => {
  const entries = { 'export/a.jsonl': '{"x": 1}\n{"x": 2}\n', 'export/b/c.json': '{\n  "y": [1, 2, 3]\n}\n' };

  it.each([
    ['sizes in the headers, deflated', zipSync({ ...Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, strToU8(v)])), 'export/img.png': new Uint8Array([137, 80, 78, 71]) })],
    ['streamed and stored (as the import page sends a folder)', streamedZip(entries, false)],
    ['streamed and deflated', streamedZip(entries, true)],
  ])('reads a zip archive file by file, whatever the chunks: %s', async (_name, zip) => {
    for (const size of [7, 333, zip.length]) {
      const { files, problems } = await eventsOf(chunks(zip, size));
      expect(files).toEqual(entries);
      if (_name.startsWith('sizes')) expect(problems).toEqual([expect.objectContaining({ severity: 'warning', message: '1 file was left out, not being JSON or JSONL (export/img.png)' })]);
      else expect(problems).toEqual([]);
    }
  });

  it('passes a plain file through as it is, with no file event', async () => {
    const events: SourceEvent[] = [];
    for await (const batch of bodyEvents(chunks(strToU8('{"x": 1}\n'), 3))) events.push(...batch);
    expect(events.every((e) => 'bytes' in e)).toBe(true);
  });

  it('stops at the unpacked bound, and says a cut or damaged archive is one', async () => {
    const big = zipSync({ 'a.jsonl': strToU8('{"x": 1}\n'.repeat(1000)) });
    const bounded = await eventsOf(chunks(big), { maxUnpackedBytes: 4000, maxFiles: 10 });
    expect(bounded.problems).toEqual([expect.objectContaining({ severity: 'error', message: expect.stringContaining('the archive unpacks to more than') })]);
    const cut = await eventsOf(chunks(big.subarray(0, 60)));
    expect(cut.problems).toEqual([expect.objectContaining({ severity: 'error', message: expect.stringMatching(/zip archive could not be read|holds no JSON/) })]);
  });

  it('previews a zip of an opik export: its format, conversations and the scores that come along', async () => {
    const dir = path.join(PEERS, 'opik', 'support', 'projects', 'support-bot');
    const names = ['0193a1c2-8a00-7000-8000-000000000001', '0193a1c2-8a00-7000-8000-000000000002', '0193a1c2-8a00-7000-8000-000000000003'];
    const zip = zipSync(Object.fromEntries(names.map((n) => [`support-bot/trace_${n}.json`, new Uint8Array(readFileSync(path.join(dir, `trace_${n}.json`)))])));
    const snapshot = await previewDatasetStream(chunks(zip, 4096), zip.length, { fileName: 'support.zip' });
    expect(snapshot).toMatchObject({ done: true, format: 'opik-json', conversations: 2, turns: 6, files: 3, bytesRead: zip.length });
    expect(snapshot.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(snapshot.scores).toEqual([
      { tool: 'Opik', name: 'answer_relevance', onTurns: 3, onConversations: 0 },
      { tool: 'Opik', name: 'hallucination', onTurns: 2, onConversations: 0 },
      { tool: 'Opik', name: 'tone', onTurns: 1, onConversations: 0 },
    ]);
  });
});
