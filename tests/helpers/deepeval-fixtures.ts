import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { resetAuth } from '@/lib/auth/auth';
import { disconnectDb } from '@/lib/db/client';
import { migratedDatabase, type FreshDatabase } from '../db/databases';

/** What deepeval 4.1.10's client sent and wrote (tests/fixtures/deepeval-4.1.10, README there). */
export const DEEPEVAL_FIXTURES = path.resolve(import.meta.dirname, '../fixtures/deepeval-4.1.10');

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** One recorded request, by its path under the fixtures folder. */
export const recordedRequest = (file: string): RecordedRequest => JSON.parse(readFileSync(path.join(DEEPEVAL_FIXTURES, file), 'utf8')) as RecordedRequest;

/**
 * For a test file that calls the route handlers: a fresh SQLite database the app's client opens
 * (DATABASE_URL), sign-in on, and `serviceKey` as TURNWISE_API_KEY (the recordings carry the key
 * `tw_test`); the environment is given back after the file.
 */
export function routeDatabaseForFile(options: { serviceKey?: string } = {}): { readonly url: string } {
  const saved = { ...process.env };
  const state = { url: '' };
  let database: FreshDatabase;
  beforeAll(async () => {
    database = await migratedDatabase('sqlite');
    await disconnectDb();
    process.env.DATABASE_URL = database.url;
    delete process.env.TURNWISE_AUTH;
    if (options.serviceKey) process.env.TURNWISE_API_KEY = options.serviceKey;
    else delete process.env.TURNWISE_API_KEY;
    resetAuth();
    state.url = database.url;
  });
  afterAll(async () => {
    resetAuth();
    await disconnectDb();
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
    await database?.drop();
  });
  return state;
}
