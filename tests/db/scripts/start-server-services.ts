/*
 * What the web server does when it starts (migrations, sign-in settings and the server secret,
 * the sweep of imports, the seed, the in-process run, replay and ingest workers), in a process of
 * its own, then a clean stop. Prints "started" once all of it is up.
 */
import { disconnectDb } from '../../../lib/db/client';
import { stopWorkers } from '../../../lib/jobs/worker-manager';
import { startServerServices } from '../../../lib/server/start-server-services';

await startServerServices(process.env);
console.log('started');
await stopWorkers();
await disconnectDb();
process.exit(0);
