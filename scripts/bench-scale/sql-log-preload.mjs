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
  pg.Client.prototype.query = function logged(config, values, callback) {
    const sql = typeof config === 'string' ? config : config?.text;
    const started = performance.now();
    const result = query.call(this, config, values, callback);
    if (sql && typeof result?.then === 'function') {
      const done = () => appendFileSync(file, `${JSON.stringify({ at: Date.now(), ms: performance.now() - started, sql })}\n`);
      result.then(done, done);
    }
    return result;
  };
}
