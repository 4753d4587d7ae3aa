/** Stops one job this process holds, if it holds it; true when it did. */
type Canceller = (id: string) => boolean;

// On globalThis: the app server's modules are loaded more than once in development.
const globalForHeld = globalThis as unknown as { turnwiseHeldJobs?: Map<string, Set<Canceller>> };
const registry = (): Map<string, Set<Canceller>> => (globalForHeld.turnwiseHeldJobs ??= new Map());

/** A worker of a kind ("run", "replay") says how to stop a job it holds; the returned function takes that back. */
export function registerHeldJobs(kind: string, cancel: Canceller): () => void {
  const set = registry().get(kind) ?? new Set<Canceller>();
  registry().set(kind, set);
  set.add(cancel);
  return () => set.delete(cancel);
}

/**
 * Stops a cancelled job at once when a worker of this process holds it (the app server's own
 * worker, the common case on SQLite), rather than at the worker's next look at the database:
 * requests in flight are aborted and nothing new starts. Workers of other processes notice at
 * their next lease renewal or status check, within a second. True when one was stopped here.
 */
export function cancelHeldJob(kind: string, id: string): boolean {
  let stopped = false;
  for (const cancel of registry().get(kind) ?? []) stopped = cancel(id) || stopped;
  return stopped;
}
