// Moved to the run lifecycle module; kept for existing imports.
export { cancelRun } from './lifecycle/cancel-run';
