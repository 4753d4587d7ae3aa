import type { Db } from '../db/db-types';
import { LiveCountsMoved } from '../db/queries/ingest/live-conversations';
import { isUniqueViolation } from '../db/unique-violation';
import { AppError } from '../errors';
import type { LlmCallFact, TraceFact } from './extract-facts';
import { materializeTraces } from './materialize';
import { storeFacts } from './store-facts';

/**
 * Facts read by a door other than the OTLP receiver (deepeval's own traces), for a project:
 * merged into its stored facts as the ingest worker merges a slice's, then the live conversations they touch are
 * rewritten at once, by the same materializer. The same facts sent again change nothing.
 */
export async function ingestFacts(db: Db, projectId: string, calls: LlmCallFact[], traces: TraceFact[], env: Record<string, string | undefined> = process.env): Promise<void> {
  await storeFacts(db, projectId, calls, traces, env);
  try {
    await materializeTraces(db, projectId, [...calls, ...traces].map((f) => f.traceId), env);
  } catch (error) {
    // Other writers kept moving the live dataset through every attempt: the facts are stored, and sending them again writes the turn.
    if (error instanceof LiveCountsMoved || isUniqueViolation(error)) throw new AppError('BUSY', 'The live dataset is being written by other requests; send the trace again');
    throw error;
  }
}
