import type { WaitingBehind } from '../domain/run-progress';

const n = (x: number) => x.toLocaleString('en-US');

/** How a kind of job is named where it waits: "run", "being scored", "results". */
interface JobWords {
  one: string;
  many: string;
  doing: string;
  units: string;
}

const WORDS: Record<'runs' | 'replays', JobWords> = {
  runs: { one: 'run', many: 'runs', doing: 'being scored', units: 'results' },
  replays: { one: 'replay', many: 'replays', doing: 'being generated', units: 'turns' },
};

/**
 * What a queued job (a run, a replay) waits behind, in a sentence; null when nothing of its kind
 * is under way and nothing is queued before it (then no worker is taking that kind at all, and
 * the page says how to start one). Each kind has slots of its own: a job waits only behind jobs
 * of its kind.
 */
export function describeWaitingBehind(waiting: WaitingBehind | null | undefined, kind: 'runs' | 'replays' = 'runs'): string | null {
  if (!waiting || (waiting.runningCount === 0 && waiting.queuedAhead === 0)) return null;
  const words = WORDS[kind];
  const parts: string[] = [];
  if (waiting.runningCount > 0) {
    const shown = waiting.running.map((r) => `${r.label}, ${n(r.done)} / ${n(r.total)} ${words.units}`);
    const more = waiting.runningCount - waiting.running.length;
    parts.push(
      `${waiting.runningCount === 1 ? `one ${words.one} is` : `${n(waiting.runningCount)} ${words.many} are`} ${words.doing} (${shown.join('; ')}${more > 0 ? `; and ${n(more)} more` : ''})`,
    );
  }
  if (waiting.queuedAhead > 0) parts.push(`${waiting.queuedAhead === 1 ? `one queued ${words.one} is` : `${n(waiting.queuedAhead)} queued ${words.many} are`} taken before this one`);
  return `The workers are busy: ${parts.join(', and ')}.`;
}
