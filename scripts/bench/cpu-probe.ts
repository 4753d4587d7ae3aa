/**
 * Share of one core this process gets while it wants one: spin for `ms` of wall time and
 * compare the CPU time received. Near 1 on an idle machine; well below when other processes
 * compete for the cores, which delays every event-loop turn of the client.
 */
export function cpuAvailability(ms = 200): number {
  const cpu = process.cpuUsage();
  const started = performance.now();
  let spins = 0;
  while (performance.now() - started < ms) spins++;
  const used = process.cpuUsage(cpu);
  return spins > 0 ? (used.user + used.system) / 1000 / (performance.now() - started) : 0;
}
