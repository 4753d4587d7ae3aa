import { getDb } from '../db/client';
import { ensureDatabase } from '../db/migrations';
import { seedDemo } from '../demo/seed-demo';

/** Database migrations and the demo seed, before the first request is served. */
export async function startServerServices(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  await ensureDatabase();
  if (env.TURNWISE_DEMO !== '0') {
    const seeded = await seedDemo(getDb());
    if (seeded) console.log('Seeded the demo dataset and its run (offline judge).');
  }
}
