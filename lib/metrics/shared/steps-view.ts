/*
 * What a metric found on its way to the score, as the conversation view shows it: sections of
 * groups (a turn, a window, a document) holding verdicts, chips, lists or notes. Each metric's
 * descriptor prepares this from its stored steps; one component draws every metric's.
 */

/** A part of a heading: text, a link to a turn (0-based), or a score in bold (null: "–"). */
export type HeadingPart = string | { turn: number } | { score: number | null };

export interface ViewVerdict {
  key: string;
  subject: string;
  verdict: string;
  reason: string;
  /** The verdict's colours swap: "yes" is the bad answer (knowledge retention's attrition). */
  invert?: boolean;
  extra?: string;
}

export type ViewBlock =
  | { kind: 'verdicts'; items: ViewVerdict[] }
  | { kind: 'chips'; chips: { key: string; label: string; text: string }[] }
  | { kind: 'list'; items: string[]; ordered?: boolean }
  /** A source text folded under its summary. */
  | { kind: 'source'; summary: string; text: string }
  | { kind: 'note'; text: string; tone?: 'muted' | 'error' };

export interface ViewGroup {
  key: string;
  heading?: HeadingPart[];
  /** The turn whose window this group is, so a verdict chip can link to it (windowAnchor). */
  anchorTurn?: number;
  blocks: ViewBlock[];
}

export interface ViewSection {
  title: string;
  /** Shown instead of the groups when there are none. */
  empty: string;
  groups: ViewGroup[];
  testId?: string;
}

export type StepsView = ViewSection[];

/** A group of one block, keyed. */
export const group = (key: string | number, blocks: ViewBlock[], extra: Omit<ViewGroup, 'key' | 'blocks'> = {}): ViewGroup => ({ key: String(key), blocks, ...extra });

/** "(exchanges 2–4)" from 0-based exchange indexes. */
export const exchangesText = ([from, to]: readonly [number, number]): string => `exchanges ${from + 1}–${to + 1}`;

/** Sentences of an expected output or outcome with the retrieval node each was attributed to. */
export const sentenceVerdicts = (group: number, sentences: { sentence: string; verdict: string; reason: string; node: number | null }[]): ViewBlock => ({
  kind: 'verdicts',
  items: sentences.map((s, i) => ({ key: `${group}-${i}`, subject: s.sentence, verdict: s.verdict, reason: s.reason, extra: s.node === null ? 'no node' : `node ${s.node}` })),
});

/** A window's heading: "Window ending at turn 4 (exchanges 2–4) · score 0.50". */
export const windowHeading = (turn: number, exchanges: readonly [number, number], score: number | null): HeadingPart[] => [
  'Window ending at ',
  { turn },
  ` (${exchangesText(exchanges)}) · score `,
  { score },
];

/**
 * A window's group: its heading and anchor, and either the error it was not judged for or what
 * `judged` shows of it.
 */
export const windowGroup = (
  w: { exchange: number; turn: number; exchanges: readonly [number, number]; score: number | null; error?: string },
  judged: () => ViewBlock,
): ViewGroup =>
  group(w.exchange, [w.error ? { kind: 'note', tone: 'error', text: `Not judged: ${w.error}` } : judged()], {
    heading: windowHeading(w.turn, w.exchanges, w.score),
    anchorTurn: w.turn,
  });
