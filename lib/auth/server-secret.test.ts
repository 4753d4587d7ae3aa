import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { secretFilePath } from './server-secret';

describe('secretFilePath', () => {
  it('keeps a generated secret beside the SQLite database, and in ./data on PostgreSQL', () => {
    expect(secretFilePath({ DATABASE_URL: 'file:/srv/turnwise/turnwise.db' })).toBe('/srv/turnwise/turnwise-secret');
    expect(secretFilePath({ DATABASE_URL: 'postgresql://turnwise:pw@db-host:5432/turnwise' })).toBe(path.resolve('data', 'turnwise-secret'));
  });
});
