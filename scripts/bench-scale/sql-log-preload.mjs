/*
 * Loaded into `next start` by bench:scale's --log-sql (NODE_OPTIONS=--import): every statement
 * the server sends to PostgreSQL through pg, with the time until its answer, one JSON line each
 * in $BENCH_SQL_LOG. Prisma's adapter and raw queries both go through pg.Client#query.
 */
import { appendFileSync } from 'node:fs';
import pg from 'pg';

const file = process.env.BENCH_SQL_LOG;
if (file) {
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function logged(...args) {
    const config = args[0];
    const sql = typeof config === 'string' ? config : config?.text;
    const started = performance.now();
    const done = () => appendFileSync(file, `${JSON.stringify({ at: Date.now(), ms: performance.now() - started, sql })}\n`);
    // pg-pool's query (Prisma's adapter goes through it) passes a callback; a client in a transaction awaits the promise.
    const last = args.length - 1;
    if (sql && typeof args[last] === 'function') {
      const callback = args[last];
      args[last] = (...answer) => {
        done();
        return callback(...answer);
      };
    }
    const result = query.apply(this, args);
    if (sql && typeof result?.then === 'function') result.then(done, done);
    return result;
  };
}
