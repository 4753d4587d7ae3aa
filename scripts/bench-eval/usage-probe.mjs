// Loaded into the measured command's processes (NODE_OPTIONS=--import): at exit each writes
// its CPU time and peak RSS, which a parent cannot read once the process is gone.
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.env.TURNWISE_BENCH_USAGE_DIR;
if (dir) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    const record = { pid: process.pid, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000, maxRssKb: usage.maxRSS };
    writeFileSync(path.join(dir, `${process.pid}.json`), JSON.stringify(record));
  });
}
