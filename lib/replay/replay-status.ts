/** A replay's statuses as the pages name them; the live ones are polled. */
export const replayStatusLabel: Record<string, string> = {
  queued: 'queued',
  running: 'running',
  finishing: 'making the new version',
  completed: 'completed',
  completed_with_errors: 'completed with errors',
  failed: 'failed',
  cancelled: 'cancelled',
};

export const isLiveReplay = (status: string): boolean => status === 'queued' || status === 'running' || status === 'finishing';

/** Ended with turns left to generate: the errored ones (or, cancelled or failed, those never generated). */
export const mayRetryReplay = (status: string): boolean => status === 'completed_with_errors' || status === 'failed' || status === 'cancelled';
