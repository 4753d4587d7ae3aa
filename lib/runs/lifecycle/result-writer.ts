import type { Db } from '../../db/db-types';
import { retryPassing, type DbRetry } from '../../db/retry-passing';
import { saveResults, type ResultToSave } from '../../db/queries/runs/save-results';
import type { MetricResult } from '../../domain';
import { oneVerdictPerTurn } from '../aggregates/turn-verdict-rows';

/** How long a result waits for others before its batch is written: items started together end together. */
const LINGER_MS = 20;

export interface ResultWriter {
  /** Queues a result to be stored with its per-turn verdicts (see recordResult); never throws. */
  add(conversationId: string, result: MetricResult): void;
  /** Waits until every queued result is stored; resolves with how many were written (not already stored), rejects with the first failure. */
  flushed(): Promise<number>;
}

/**
 * A run's results stored in batches (saveResults): the first result waits LINGER_MS for others,
 * and while a batch is being written the next ones gather for the one after, so a busy worker
 * writes many results per transaction and a quiet one writes each almost at once. The item
 * that produced a result does not wait for it: its slot goes to the next item, and the chunk
 * waits for flushed() before it counts as done. `onError` is told of the first failed batch.
 * With `retry`, a batch the database refuses for a passing reason (away, busy, read-only, full)
 * is written again with back-off until it is stored: a scored result is not lost, nor scored again.
 */
export function createResultWriter(db: Db, runId: string, onError: (error: unknown) => void = () => undefined, retry?: DbRetry): ResultWriter {
  let queued: ResultToSave[] = [];
  let writing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let written = 0;
  let failure: unknown = null;
  let idle: (() => void)[] = [];

  const settleIfIdle = () => {
    if (writing || timer || queued.length > 0) return;
    for (const resolve of idle) resolve();
    idle = [];
  };
  const write = () => {
    timer = null;
    if (writing || queued.length === 0) return settleIfIdle();
    const batch = queued;
    queued = [];
    const save = () => saveResults(db, runId, batch);
    writing = (retry ? retryPassing(`run ${runId}: storing results`, save, retry) : save())
      .then((saved) => void (written += saved.filter(Boolean).length))
      .catch((error: unknown) => {
        if (failure === null) onError(error);
        failure ??= error;
      })
      .finally(() => {
        writing = null;
        write();
      });
  };
  return {
    add(conversationId, result) {
      queued.push({ conversationId, result, turnVerdicts: oneVerdictPerTurn(result.verdicts) });
      if (!writing && !timer) timer = setTimeout(write, LINGER_MS);
    },
    async flushed() {
      if (timer) {
        clearTimeout(timer);
        write();
      }
      await new Promise<void>((resolve) => {
        idle.push(resolve);
        settleIfIdle();
      });
      if (failure !== null) throw failure;
      return written;
    },
  };
}
