import type PgBoss from 'pg-boss';
import { setRateLimitShare } from '../llm/adaptive-limiter';
import { queueDbOf } from './pg-boss/boss';

/**
 * Worker processes on one PostgreSQL database split every rate limit (configured rpm/tpm
 * or announced in x-ratelimit-* headers) in proportion to the chunk jobs each is running:
 * a process running 2 of the 4 active chunks paces itself to half of each limit. Checked
 * every few seconds, so a worker that joins or finishes shifts the shares within that
 * time. An approximation: chunks of runs on other judges count too.
 */
export function shareRateLimitsByActiveChunks(boss: PgBoss, queue: string, ownActive: () => number, intervalMs = 5000): () => void {
  let checking = false;
  const check = async () => {
    if (checking) return;
    checking = true;
    try {
      const own = ownActive();
      if (own === 0) return setRateLimitShare(1);
      const { rows } = await queueDbOf(boss).query(`SELECT count(*)::int AS active FROM pgboss.job WHERE name = $1 AND state = 'active'`, [queue]);
      const active = Number(rows[0]?.active ?? 0);
      setRateLimitShare(active > own ? own / active : 1);
    } catch {
      // Keep the last share: a failed count must not stop the runs.
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void check(), intervalMs);
  timer.unref();
  void check();
  return () => {
    clearInterval(timer);
    setRateLimitShare(1);
  };
}
