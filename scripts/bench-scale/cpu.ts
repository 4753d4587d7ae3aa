import { readFileSync } from 'node:fs';
import type { Db } from '../../lib/db/db-types';
import { cpuSecondsOf } from './worker-process';

/*
 * CPU time spent for the bench, by who spent it: the workers (worker-process.ts), the
 * PostgreSQL backends serving this bench's database and the judge stub (each a process of
 * its own), and the whole machine's busy time (/proc/stat) for comparison, since the
 * machine may be shared.
 */

/** Busy CPU time of the whole machine so far (all cores), in seconds: /proc/stat's first line less idle and iowait. */
export function machineBusySeconds(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = ticks.map(Number);
  return (user + nice + system + irq + softirq + steal) / 100;
}

/**
 * The CPU time of the PostgreSQL backends connected to this database, read from /proc (the
 * server must run on this machine). A backend is counted from the first reading that sees it;
 * one that disconnects between readings loses what it spent since the last one, so read it
 * again at the end of each pass while the workers' pools are still connected.
 */
export function postgresCpu(db: Db): { read(): Promise<number> } {
  const seen = new Map<number, number>();
  return {
    async read() {
      const rows = await db.$queryRawUnsafe<{ pid: number }[]>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`);
      for (const { pid } of rows) {
        const seconds = cpuSecondsOf(pid);
        if (seconds > 0 || !seen.has(pid)) seen.set(pid, Math.max(seen.get(pid) ?? 0, seconds));
      }
      return [...seen.values()].reduce((a, b) => a + b, 0);
    },
  };
}

/** Transactions committed on this database so far (every statement outside a transaction is one): round trips' proxy. */
export async function postgresCommits(db: Db): Promise<number> {
  const [row] = await db.$queryRawUnsafe<{ n: number }[]>(`SELECT xact_commit::float AS n FROM pg_stat_database WHERE datname = current_database()`);
  return row?.n ?? 0;
}
