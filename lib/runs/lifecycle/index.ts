/*
 * How a run starts, progresses, finishes, fails and is cancelled: workers, the CLI and the
 * actions change a run's state only through these.
 */
export { startRun } from './start-run';
export { recordResult } from './record-result';
export { createResultWriter, type ResultWriter } from './result-writer';
export { finishRun, failRun, closeCancelledRun } from './finish-run';
export { cancelRun } from './cancel-run';
export type { ClosedRun, FinalRunStatus } from './close-run';
export type { CloseGuard } from '../../db/queries/runs/mark-run-closed';
