import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The OpenAI-compatible judge simulator the figures were taken against, when this machine has it. */
export const JUDGE_SIM = '/work/shared/tools/judge-sim.mjs';

export interface JudgeProcess {
  url: string;
  /** What answers: the simulator's path, or "schema judge". */
  label: string;
  stop(): void;
}

const waitFor = async (check: () => string | null, what: string, ms = 30_000): Promise<string> => {
  const until = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/**
 * A judge server in a process of its own, answering after `latencyMs`: judge-sim.mjs when
 * `sim` exists (it fits any JSON schema a request asks for), else the tests' schema judge
 * (tests/helpers/schema-judge.ts), which does the same for Turnwise's requests.
 */
export async function startJudgeProcess(latencyMs: number, sim: string, port = 0): Promise<JudgeProcess> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'turnwise-bench-judge-'));
  const portFile = path.join(dir, 'port');
  let child: ChildProcess;
  let label: string;
  if (existsSync(sim)) {
    child = spawn(process.execPath, [sim, '--port', String(port), '--latency', String(latencyMs), '--portfile', portFile], { stdio: 'ignore' });
    label = sim;
  } else {
    const script = path.join(import.meta.dirname, 'schema-judge-process.ts');
    child = spawn(process.execPath, ['--import', 'tsx', script, String(latencyMs), portFile], { stdio: ['ignore', 'ignore', 'inherit'] });
    label = 'the schema judge of tests/helpers/schema-judge.ts';
  }
  try {
    const bound = await waitFor(() => (existsSync(portFile) ? readFileSync(portFile, 'utf8').trim() || null : null), 'the judge server');
    return { url: `http://127.0.0.1:${bound}/v1`, label, stop: () => child.kill() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
