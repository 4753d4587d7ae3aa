import { describe, expect, it } from 'vitest';
import { fixture, fixturePath } from '../../tests/fixtures/datasets/fixtures';
import type { Conversation } from '../domain';
import { parseDataset } from './parse-dataset';
import { readDatasetFile } from './read-file-node';

describe('readDatasetFile', () => {
  it.each(['long.csv', 'openai-chat.jsonl', 'deepeval-goldens.json', 'bad-line.jsonl'])('reads %s like parseDataset', async (name) => {
    const fromDisk = await readDatasetFile(fixturePath(name));
    const fromText = parseDataset(fixture(name), { fileName: name });
    expect(fromDisk.conversations).toEqual(fromText.conversations);
    expect(fromDisk.problems).toEqual(fromText.problems);
    expect(fromDisk.format).toBe(fromText.format);
  });

  it('passes batches to onConversations instead of keeping them', async () => {
    const batches: Conversation[][] = [];
    const r = await readDatasetFile(fixturePath('sharegpt.jsonl'), { onConversations: (b) => void batches.push(b) });
    expect(r.conversations).toEqual([]);
    expect(r.stats.conversations).toBe(2);
    expect(batches.flat().map((c) => c.externalId)).toEqual(['sg-1', 'sg-2']);
  });

  it('refuses non-UTF-8 and binary files with one message', async () => {
    const latin1 = await readDatasetFile(fixturePath('latin1.csv'));
    expect(latin1.problems).toEqual([expect.objectContaining({ line: 2, message: expect.stringMatching(/^not valid UTF-8/) })]);
    const binary = await readDatasetFile(fixturePath('binary.csv'));
    expect(binary.problems).toEqual([expect.objectContaining({ line: 3, message: expect.stringMatching(/^binary file/) })]);
  });
});
