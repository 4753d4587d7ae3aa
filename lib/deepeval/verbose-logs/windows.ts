import { segmentExchanges } from '../../metrics/shared/exchanges';
import type { Turn, TurnVerdict } from '../../domain';
import { readJsonList } from './json-list';
import { notRead, type LogReading } from './types';

/** One "Window k" block of a windowed metric's log. */
export interface LogWindow {
  /** 0-based. */
  index: number;
  verdicts: unknown[];
  score: number;
  reason: string;
}

const SEPARATOR = /^[ \n]*/;

/**
 * The windows of deepeval's turn faithfulness and turn contextual recall, precision and
 * relevancy logs ("Window k", its lists, "Verdicts: [...]", "Score: x", "Reason: …"), read in
 * order: window k must be numbered k, its verdicts must read as a JSON list and its score as a
 * number, and there must be one window per exchange (deepeval makes one per unit interaction).
 * Anything else and nothing is read.
 */
export function readWindows(log: string, turns: readonly Turn[]): { windows: LogWindow[]; ends: number[] } | { why: string } {
  const exchanges = segmentExchanges([...turns]);
  const windows: LogWindow[] = [];
  let pos = 0;
  for (let k = 1; ; k++) {
    pos += SEPARATOR.exec(log.slice(pos, pos + 64))?.[0].length ?? 0;
    const header = `Window ${k} \n`;
    if (!log.startsWith(header, pos)) break;
    pos += header.length;
    const verdictsAt = log.indexOf('Verdicts: [', pos);
    const next = log.indexOf(`Window ${k + 1} \n`, pos);
    if (verdictsAt === -1 || (next !== -1 && verdictsAt > next)) return { why: `window ${k} has no Verdicts list` };
    const list = readJsonList(log, verdictsAt + 'Verdicts: '.length);
    if (!list) return { why: `the Verdicts list of window ${k} did not read` };
    pos = list.end;
    pos += SEPARATOR.exec(log.slice(pos, pos + 64))?.[0].length ?? 0;
    const score = /^Score: (-?[0-9.]+(?:e-?[0-9]+)?) \n/.exec(log.slice(pos, pos + 64));
    if (!score || !Number.isFinite(Number(score[1]))) return { why: `window ${k} has no score` };
    pos += score[0].length;
    pos += SEPARATOR.exec(log.slice(pos, pos + 64))?.[0].length ?? 0;
    if (!log.startsWith('Reason: ', pos)) return { why: `window ${k} has no reason` };
    const reasonStart = pos + 'Reason: '.length;
    const ends = [log.indexOf(` \n \n \nWindow ${k + 1} \n`, reasonStart), log.indexOf(' \n \n \nFinal Score: ', reasonStart)].filter((i) => i !== -1);
    const reasonEnd = ends.length ? Math.min(...ends) : log.length;
    windows.push({ index: k - 1, verdicts: list.items, score: Number(score[1]), reason: log.slice(reasonStart, reasonEnd).replace(/ \n$/, '').trim() });
    pos = reasonEnd;
  }
  if (windows.length !== exchanges.length) return { why: `it has ${windows.length} windows for ${exchanges.length} exchanges` };
  return { windows, ends: exchanges.map((e) => e.endTurn) };
}

/** A windowed log read into one verdict per window, on the reply that ends it, with `verdictOf` deciding each. */
export function readWindowedLog(log: string, turns: readonly Turn[], verdictOf: (window: LogWindow) => Omit<TurnVerdict, 'turn'> | string): LogReading {
  const read = readWindows(log, turns);
  if ('why' in read) return notRead(read.why);
  const verdicts: TurnVerdict[] = [];
  for (const window of read.windows) {
    const verdict = verdictOf(window);
    if (typeof verdict === 'string') return notRead(verdict);
    verdicts.push({ turn: read.ends[window.index], ...verdict });
  }
  return { found: true, verdicts };
}

/** A window's verdict from deepeval's own window score: below 1 it cost points ("no"). */
export function scoredWindow(window: LogWindow): Omit<TurnVerdict, 'turn'> {
  return { verdict: window.score < 1 ? 'no' : 'yes', score: window.score, reason: window.reason };
}
