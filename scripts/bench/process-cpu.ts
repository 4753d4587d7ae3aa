/* CPU time of processes as Linux accounts it (/proc), for benchmarks that report CPU per unit of work. */
import { readdirSync, readFileSync } from 'node:fs';

// USER_HZ: the unit of utime and stime in /proc/<pid>/stat, 100 on Linux.
const TICK_MS = 10;

/** utime + stime of one process in ms, and its parent; null once it has gone. */
function statOf(pid: number): { cpuMs: number; ppid: number } | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return { cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS, ppid: Number(fields[1]) };
  } catch {
    return null;
  }
}

/** CPU ms of a process and every process under it (`next start` may fork). */
export function treeCpuMs(root: number): number {
  const children = new Map<number, number[]>();
  const cpu = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const stat = statOf(pid);
    if (!stat) continue;
    cpu.set(pid, stat.cpuMs);
    children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), pid]);
  }
  let total = 0;
  const todo = [root];
  while (todo.length) {
    const pid = todo.pop()!;
    total += cpu.get(pid) ?? 0;
    todo.push(...(children.get(pid) ?? []));
  }
  return total;
}

/**
 * CPU ms of a changing set of processes (a database's server backends, which come and go with
 * their pools): `sample` them now and then; `total` is what each used since first seen, as last sampled.
 */
export function cpuOfChangingSet(): { sample(pids: number[]): void; total(): number } {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  return {
    sample(pids) {
      for (const pid of pids) {
        const stat = statOf(pid);
        if (!stat) continue;
        if (!first.has(pid)) first.set(pid, stat.cpuMs);
        last.set(pid, stat.cpuMs);
      }
    },
    total: () => [...last].reduce((sum, [pid, ms]) => sum + ms - first.get(pid)!, 0),
  };
}
