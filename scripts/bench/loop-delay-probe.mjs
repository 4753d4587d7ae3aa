// Loaded into a measured process (NODE_OPTIONS=--import): every stall of its event loop over
// 100 ms (when it started, ms since the epoch, and how long), written to
// TURNWISE_BENCH_LOOP_FILE every second and at exit, a parent cannot see them from outside.
import { writeFileSync } from 'node:fs';

const file = process.env.TURNWISE_BENCH_LOOP_FILE;
if (file) {
  const TICK_MS = 10;
  const stalls = [];
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    const gap = now - last - TICK_MS;
    if (gap > 100) stalls.push([Math.round(performance.timeOrigin + last), Math.round(gap)]);
    last = now;
  }, TICK_MS).unref();
  const write = () => writeFileSync(file, JSON.stringify({ pid: process.pid, stalls }));
  setInterval(write, 1000).unref();
  process.on('exit', write);
}
