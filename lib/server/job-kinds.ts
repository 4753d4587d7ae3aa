import { alertJobs } from '../alerts/alert-jobs';
import { ingestPollMs, ingestSlices } from '../ingest/ingest-jobs';
import type { JobKind } from '../jobs/job-kind';
import { periodicJobKind } from '../jobs/periodic-worker';
import { onlineScoring } from '../online/online-jobs';
import { replayJobs } from '../replay/replay-jobs';
import { retentionJobs } from '../retention/retention-jobs';
import { runJobs } from '../runs/queue/run-jobs';
import { scheduleJobs } from '../schedules/schedule-jobs';

/**
 * Every kind of background work a worker process takes, in the order its workers start (and
 * stop in reverse): runs, replays, the periodic lane of ingest slices and online scoring, the
 * schedules' lane (due starts, at once when the process starts), the retention lane (each
 * live dataset's retention, and the server's default for received OTLP bodies) and the alerts
 * lane (evaluation and delivery). Each kind has slots or a lane of its own, so none waits for
 * another's work (docs/architecture.md, "Background work"). A new kind is one more entry here.
 */
export const jobKinds = (): JobKind[] => [runJobs(), replayJobs(), periodicJobKind('ingest', ingestPollMs, [ingestSlices, onlineScoring]), scheduleJobs(), retentionJobs(), alertJobs()];
