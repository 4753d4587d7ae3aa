/*
 * Where a PostgreSQL database's server processes spend their CPU, by statement: a sampling
 * profiler for benchmarks (pg_stat_statements needs a superuser to load). Every `intervalMs` it
 * reads pg_stat_activity for the database's backends and each one's CPU time from
 * /proc/<pid>/schedstat (nanoseconds, Linux only); what a backend used since the last sample goes
 * to the statement it shows now (running, or the last one it ran when idle). Statements shorter
 * than the interval can be charged to the one after them, so the shares are estimates; autovacuum
 * and other background processes on the database show as their backend type.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';

const cpuNsOf = (pid: number): number | null => {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    return null;
  }
};

/** A statement's shape: literals, parameters and long lists folded. */
export function statementShape(sql: string): string {
  return sql
    .replace(/\s+/g, ' ')
    .replace(/'(?:[^']|'')*'/g, "'…'")
    .replace(/\$\d+/g, '$n')
    .replace(/\b\d+(\.\d+)?\b/g, 'N')
    .replace(/(\$n|N|'…')(\s*,\s*(\$n|N|'…'))+/g, '…')
    .replace(/(\(…\)\s*,\s*)+\(…\)/g, '(…)…')
    .trim()
    .slice(0, 160);
}

export interface PgCpuProfile {
  /** The profiler's own backend (leave it out of the database's CPU). */
  pid: number;
  stop(): Promise<{ totalMs: number; byStatement: { shape: string; cpuMs: number; samples: number }[] }>;
}

export async function startPgCpuProfile(url: string, intervalMs = 10): Promise<PgCpuProfile> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
  const last = new Map<number, number>();
  const charged = new Map<string, { cpuMs: number; samples: number }>();
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const { rows } = await client.query<{ pid: number; state: string | null; query: string | null; backend_type: string }>(
        `SELECT pid, state, query, backend_type FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      for (const row of rows) {
        const ns = cpuNsOf(row.pid);
        if (ns === null) continue;
        const before = last.get(row.pid);
        last.set(row.pid, ns);
        if (before === undefined || ns === before) continue;
        const shape = row.backend_type === 'client backend' ? statementShape(row.query ?? '') : `(${row.backend_type})`;
        const entry = charged.get(shape) ?? { cpuMs: 0, samples: 0 };
        entry.cpuMs += (ns - before) / 1e6;
        entry.samples += 1;
        charged.set(shape, entry);
      }
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  })();
  return {
    pid,
    async stop() {
      stopped = true;
      await loop;
      await client.end();
      const byStatement = [...charged].map(([shape, e]) => ({ shape, ...e })).sort((a, b) => b.cpuMs - a.cpuMs);
      return { totalMs: byStatement.reduce((s, e) => s + e.cpuMs, 0), byStatement };
    },
  };
}
