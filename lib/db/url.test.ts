import { describe, expect, it } from 'vitest';
import { describeDatabase } from './url';

describe('describeDatabase', () => {
  it('names a SQLite file relative to the working directory when it lies inside it', () => {
    expect(describeDatabase('file:./data/turnwise.db', '/srv/turnwise')).toBe('the SQLite file data/turnwise.db');
    expect(describeDatabase('file:/var/lib/turnwise/t.db?mode=rwc', '/srv/turnwise')).toBe('the SQLite file /var/lib/turnwise/t.db');
    expect(describeDatabase('file::memory:', '/srv/turnwise')).toBe('an in-memory SQLite database');
  });

  it('names a PostgreSQL database and its host, never its user or password', () => {
    const text = describeDatabase('postgresql://turnwise:s3cret-pass@db.internal:5432/evals?sslmode=require');
    expect(text).toBe('the PostgreSQL database evals on db.internal:5432');
    expect(text).not.toContain('s3cret');
    expect(text).not.toContain('turnwise:');
  });
});
