/** A replay's statuses as the pages name them; the live ones are polled. */
export const replayStatusLabel: Record<string, string> = {
  queued: 'queued',
  running: 'running',
  finishing: 'making the new version',
  completed: 'completed',
  completed_with_errors: 'completed with errors',
  scoring_failed: 'completed, scoring failed',
  failed: 'failed',
  cancelled: 'cancelled',
};

export const isLiveReplay = (status: string): boolean => status === 'queued' || status === 'running' || status === 'finishing';

/** Ended with turns left to generate: the errored ones (or, cancelled or failed, those never generated). */
export const mayRetryReplay = (status: string): boolean => status === 'completed_with_errors' || status === 'failed' || status === 'cancelled';

/** Its new version was made but nothing scored it: starting the evaluation failed (scoring_failed), or the evaluation run did. */
export const scoringFailed = (replay: { status: string; datasetId: string | null; evaluation: { status: string } | null }): boolean =>
  replay.datasetId !== null && (replay.status === 'scoring_failed' || replay.evaluation?.status === 'failed');

/** The status a page shows: a replay whose evaluation run failed reads "completed, scoring failed" too. */
export const shownReplayStatus = (replay: { status: string; datasetId: string | null; evaluation: { status: string } | null }): string =>
  scoringFailed(replay) ? 'scoring_failed' : replay.status;
