import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ServerCommand, ServerReply, ServerSummary } from './server-messages';

export interface ServerProcess {
  prepare(command: Omit<Extract<ServerCommand, { type: 'prepare' }>, 'type'>): Promise<{ answers: number; ms: number }>;
  /** Starts a fresh judge server; returns its base URL. */
  start(latencyMs: number): Promise<string>;
  /** Stops the running server and returns what it saw. */
  stop(): Promise<ServerSummary>;
  close(): void;
}

/** Forks scripts/bench/server-process.ts (with this process's tsx loader) and talks to it one command at a time. */
export function startServerProcess(): ServerProcess {
  const child = fork(fileURLToPath(new URL('./server-process.ts', import.meta.url)), [], {
    execArgv: process.execArgv,
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let exited: Error | null = null;
  const waiting: { resolve: (r: ServerReply) => void; reject: (e: Error) => void }[] = [];
  child.on('message', (message: ServerReply) => waiting.shift()?.resolve(message));
  child.on('exit', (code) => {
    exited = new Error(`judge server process exited with code ${code}`);
    for (const w of waiting.splice(0)) w.reject(exited);
  });

  const send = async <T extends ServerReply['type']>(command: ServerCommand, expected: T): Promise<Extract<ServerReply, { type: T }>> => {
    if (exited) throw exited;
    const answer = await new Promise<ServerReply>((resolve, reject) => {
      waiting.push({ resolve, reject });
      child.send(command);
    });
    if (answer.type === 'failed') throw new Error(`judge server process: ${answer.error}`);
    if (answer.type !== expected) throw new Error(`judge server process answered ${answer.type}, expected ${expected}`);
    return answer as Extract<ServerReply, { type: T }>;
  };

  return {
    prepare: async (command) => {
      const { answers, ms } = await send({ type: 'prepare', ...command }, 'prepared');
      return { answers, ms };
    },
    start: async (latencyMs) => (await send({ type: 'start', latencyMs }, 'started')).url,
    stop: async () => (await send({ type: 'stop' }, 'stopped')).summary,
    close: () => {
      if (child.connected) child.disconnect();
    },
  };
}
