import type { Conversation } from '../../lib/domain/conversation';
import type { MetricName } from '../../lib/metrics/registry';
import type { TextFigures } from './faithfulness-text';

/** Parent → server process. */
export type ServerCommand =
  | { type: 'prepare'; conversations: Conversation[]; metrics: MetricName[]; workers: number; liveAnswers: boolean }
  | { type: 'start'; latencyMs: number }
  | { type: 'stop' };

export interface ServerSummary {
  requests: number;
  maxInFlight: number;
  /** Answers served from the precomputed table, and computed because the table missed them. */
  tableHits: number;
  tableMisses: number;
  /** Server process CPU time over the time it was up (1 = one core busy throughout). */
  cpuShare: number;
  /** Mean ms from a request's arrival to its answer: the set latency plus the server's own lateness. */
  answerMs: number;
  /** turn_faithfulness conversation text in the requests (zero for other metrics). */
  text: TextFigures;
}

/** Server process → parent. */
export type ServerReply =
  | { type: 'prepared'; answers: number; ms: number }
  | { type: 'started'; url: string }
  | { type: 'stopped'; summary: ServerSummary }
  | { type: 'failed'; error: string };
