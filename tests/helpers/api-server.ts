import { disconnectDb } from '../../lib/db/client';
import { stopWorkers } from '../../lib/jobs/worker-manager';
import { startServerServices } from '../../lib/server/start-server-services';
import { freshDatabase } from '../db/databases';
import { waitFor } from './wait-for';

const KEYS = ['DATABASE_URL', 'TURNWISE_AUTH', 'OPENAI_BASE_URL', 'OPENAI_API_KEY', 'TURNWISE_API_KEY'] as const;

/**
 * What the /api/v1 route handlers need to be called with plain Requests: a SQLite database of
 * their own, sign-in off, and, given a judge, the OpenAI judge pointed at that scripted server
 * and the run worker the server starts running in this process (without one, no worker: runs
 * stay queued). `stop` puts everything back.
 */
export async function startApiServer(judgeUrl?: string): Promise<{ stop(): Promise<void> }> {
  const saved = Object.fromEntries(KEYS.map((key) => [key, process.env[key]]));
  const database = await freshDatabase('sqlite');
  await disconnectDb();
  Object.assign(process.env, { DATABASE_URL: database.url, TURNWISE_AUTH: 'off' }, judgeUrl ? { OPENAI_BASE_URL: judgeUrl, OPENAI_API_KEY: 'sk-test-api' } : {});
  delete process.env.TURNWISE_API_KEY;
  await startServerServices({ ...process.env, TURNWISE_DEMO: '0', ...(judgeUrl ? { TURNWISE_WORKER_POLL_MS: '100' } : { TURNWISE_WORKER: '0' }) });
  return {
    async stop() {
      await stopWorkers();
      await disconnectDb();
      for (const key of KEYS) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
      await database.drop();
    },
  };
}

/** Polls GET /api/v1/runs/:id until the run has ended; its last answer. */
export async function waitForRunEnd(getRun: (id: string) => Promise<Response>, id: string, timeoutMs = 30_000): Promise<{ status: string }> {
  return waitFor(`run ${id} to end`, async () => {
    const body = (await (await getRun(id)).json()) as { status: string };
    return !['queued', 'running'].includes(body.status) && body;
  }, { timeoutMs });
}
