import { describe, expect, it } from 'vitest';
import { replayFieldErrors } from './replay-field-errors';
import { replayRequestSchema } from './replay-request';

describe('replayFieldErrors', () => {
  it('keys every issue of a refused form by the field it belongs to', () => {
    const parsed = replayRequestSchema.safeParse({
      datasetId: 'd1',
      target: { kind: 'openai', baseUrl: 'ftp://x', apiKeyEnv: 'DATABASE_URL', model: '' },
      modelVersion: ' ',
      concurrency: Number.NaN,
      evaluate: { metrics: [] },
    });
    expect(parsed.success).toBe(false);
    const errors = replayFieldErrors(parsed.error!);
    expect(errors['target.baseUrl']).toEqual(['must be an http(s) URL']);
    expect(errors['target.apiKeyEnv']?.[0]).toMatch(/starting with TARGET_/);
    expect(errors['target.model']).toEqual(['name the model']);
    expect(errors.modelVersion).toEqual(['label the new model version']);
    expect(errors.concurrency).toEqual(['must be a number']);
  });

  it('names an unknown key of the target', () => {
    const parsed = replayRequestSchema.safeParse({ datasetId: 'd1', target: { kind: 'http', url: 'http://127.0.0.1:9/x', apiKey: 'k' }, modelVersion: 'v2' });
    expect(Object.keys(replayFieldErrors(parsed.error!))).toEqual(['target.apiKey']);
  });
});
