import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadMetricFiles, MAX_METRIC_FILE_BYTES } from './load-metric-files';

const dir = mkdtempSync(path.join(os.tmpdir(), 'turnwise-metric-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, value: unknown) => {
  const file = path.join(dir, name);
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
};
const tone = { name: 'tone', scope: 'turn', criteria: 'The reply is polite.' };

describe('--metric-file limits', () => {
  it('refuses a file over the size limit before reading it, naming the file', () => {
    const file = write('huge.json', JSON.stringify({ ...tone, criteria: 'c'.repeat(MAX_METRIC_FILE_BYTES) }));
    expect(() => loadMetricFiles([file])).toThrow(`--metric-file ${file}: is 257 KB; a metric definition file may be at most 256 KB`);
  });

  it('refuses a rubric meaning over its limit with the field it is about', () => {
    const file = write('long-rubric.json', { ...tone, rubric: [{ range: [0, 10], meaning: 'm'.repeat(200_000) }] });
    expect(() => loadMetricFiles([file])).toThrow(`--metric-file ${file}: rubric.0.meaning: keep a meaning under 1,000 characters`);
  });

  it('accepts a definition at the limits', () => {
    const file = write('full.json', { ...tone, criteria: 'c'.repeat(10_000), rubric: Array.from({ length: 11 }, (_, i) => ({ range: [i, i], meaning: 'm'.repeat(1_000) })) });
    expect(loadMetricFiles([file])[0].rubric).toHaveLength(11);
  });
});
