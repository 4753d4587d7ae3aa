'use client';

import { inCurrentProject } from '@/components/ui/project-link';
import { useRouter } from 'next/navigation';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { isLiveRun, type RunProgressSnapshot } from '@/lib/domain/run-progress';

const ProgressContext = createContext<ReadonlyMap<string, RunProgressSnapshot>>(new Map());

const byId = (runs: RunProgressSnapshot[]) => new Map(runs.map((r) => [r.id, r]));

/**
 * Keeps the live numbers of these runs fresh: while any is queued or running it asks the small
 * progress route once a second, one request at a time (the next waits for the answer). When a
 * run ends, the page is refreshed once from the server so its charts and tables catch up.
 */
export function LiveProgressProvider({ initial, intervalMs = 1000, children }: { initial: RunProgressSnapshot[]; intervalMs?: number; children: ReactNode }) {
  const router = useRouter();
  const [runs, setRuns] = useState(() => byId(initial));
  // A server refresh brings new numbers: they replace what was polled.
  const initialKey = JSON.stringify(initial);
  const [rendered, setRendered] = useState(initialKey);
  if (rendered !== initialKey) {
    setRendered(initialKey);
    setRuns(byId(initial));
  }

  const liveIds = [...runs.values()]
    .filter((r) => isLiveRun(r.status))
    .map((r) => r.id)
    .join(',');

  useEffect(() => {
    if (!liveIds) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const response = await fetch(inCurrentProject(`/api/runs/progress?ids=${encodeURIComponent(liveIds)}`), { cache: 'no-store', signal: controller.signal });
        if (response.ok) {
          const fresh = ((await response.json()) as { runs: RunProgressSnapshot[] }).runs;
          // Every run asked about was live when asked.
          const ended = fresh.some((r) => !isLiveRun(r.status));
          setRuns((before) => new Map([...before, ...byId(fresh)]));
          if (ended) router.refresh();
        }
      } catch {
        // Offline for a moment or unmounted: the next tick tries again.
      }
      if (!controller.signal.aborted) timer = setTimeout(poll, intervalMs);
    };
    timer = setTimeout(poll, intervalMs);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [liveIds, intervalMs, router]);

  return <ProgressContext.Provider value={runs}>{children}</ProgressContext.Provider>;
}

/** The latest numbers of one run under a LiveProgressProvider. */
export function useRunProgress(runId: string): RunProgressSnapshot | undefined {
  return useContext(ProgressContext).get(runId);
}
