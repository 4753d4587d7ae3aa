/*
 * Runs as the other features use them: the front door. Online scoring scores a live
 * conversation in its day's run through the run executor, a replay queues the evaluation run of
 * the version it made, the demo stores its scored run. A feature never reaches into
 * lib/runs/queue or lib/runs/execution itself (eslint.config.mjs says so).
 */
export { enqueueRun } from './queue/enqueue-run';
export { executeRunChunk, type ExecuteChunkOptions } from './execution/execute-run-chunk';
export { countItems } from './execution/evaluate-conversations';
export { scoreStoredDataset, type RecordedEvaluation, type ScoreDatasetInput } from './execution/score-stored-dataset';
export { recomputeEndedRun } from './lifecycle/recompute-run';
export { checkRunRequest } from './request/check-run-request';
export { runRequestSchema, runRequestFieldErrors, type RunRequest, type RunRequestInput } from './request/run-request';
