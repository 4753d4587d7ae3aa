import { ingestPollMs, ingestSlices, otlpPruning } from '../ingest/ingest-jobs';
import type { JobKind } from '../jobs/job-kind';
import { periodicJobKind } from '../jobs/periodic-worker';
import { onlineScoring } from '../online/online-jobs';
import { replayJobs } from '../replay/replay-jobs';
import { runJobs } from '../runs/queue/run-jobs';

/**
 * Every kind of background work a worker process takes, in the order its workers start (and
 * stop in reverse): runs, replays, then the periodic lane of ingest slices, online scoring and
 * the pruning of processed OTLP bodies. Each kind has slots of its own, so none waits for
 * another's work (docs/architecture.md, "Background work"). A new kind (schedules, alerts,
 * retention) is one more entry here.
 */
export const jobKinds = (): JobKind[] => [runJobs(), replayJobs(), periodicJobKind('ingest', ingestPollMs, [ingestSlices, onlineScoring, otlpPruning])];
