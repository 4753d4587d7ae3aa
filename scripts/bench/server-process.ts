import { startJudgeServer, type JudgeServer, type JudgeServerHandler } from '../../tests/helpers/judge-server';
import { answerLikeOfflineJudge } from '../../tests/helpers/step-answers';
import { answerFromTable, computeAnswers, type TableHits } from './answer-table';
import { sentText } from './sent-text';
import type { ServerCommand, ServerReply } from './server-messages';

/*
 * The judge server runs in its own process, as a remote judge would: its HTTP handling and
 * answer lookups do not share the client's event loop or CPU time.
 */

let handler: JudgeServerHandler = answerLikeOfflineJudge();
let hits: TableHits = { hits: 0, misses: 0 };
let current: { server: JudgeServer; cpu: NodeJS.CpuUsage; started: number } | null = null;
/** Per request, ms from its arrival (body read) to its answer being ready: the latency plus any lateness of this loop. */
let answerTimes: number[] = [];

const reply = (message: ServerReply): void => {
  process.send?.(message);
};

async function handle(command: ServerCommand): Promise<ServerReply> {
  switch (command.type) {
    case 'prepare': {
      const started = performance.now();
      if (command.liveAnswers) return { type: 'prepared', answers: 0, ms: 0 };
      const table = await computeAnswers(command.conversations, command.metrics, command.workers);
      hits = { hits: 0, misses: 0 };
      handler = answerLikeOfflineJudge(answerFromTable(table, hits));
      return { type: 'prepared', answers: table.size, ms: performance.now() - started };
    }
    case 'start': {
      if (current) await current.server.close();
      hits.hits = 0;
      hits.misses = 0;
      answerTimes = [];
      // requests[i].at counts from startJudgeServer's own Date.now(), taken within a millisecond of this one.
      const epoch = Date.now();
      const timed: JudgeServerHandler = async (body, context) => {
        const result = await handler(body, context);
        answerTimes.push(Date.now() - epoch - server.requests[context.index].at);
        return result;
      };
      const server = await startJudgeServer({ handler: timed, latencyMs: command.latencyMs });
      current = { server, cpu: process.cpuUsage(), started: performance.now() };
      return { type: 'started', url: server.url };
    }
    case 'stop': {
      if (!current) throw new Error('no server is running');
      const { server, cpu, started } = current;
      const used = process.cpuUsage(cpu);
      const summary = {
        requests: server.requests.length,
        maxInFlight: server.maxInFlight,
        tableHits: hits.hits,
        tableMisses: hits.misses,
        cpuShare: (used.user + used.system) / 1000 / (performance.now() - started),
        answerMs: answerTimes.reduce((a, b) => a + b, 0) / Math.max(1, answerTimes.length),
        text: sentText(server.requests),
      };
      await server.close();
      current = null;
      return { type: 'stopped', summary };
    }
  }
}

process.on('message', (command: ServerCommand) => {
  handle(command).then(reply, (error: unknown) => reply({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) }));
});
process.on('disconnect', () => process.exit(0));
