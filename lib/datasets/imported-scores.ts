/*
 * Scores another tool gave the conversations of a file it exported (promptfoo's grading results,
 * LangSmith's feedback): read beside the conversations, handed to the import, which stores them
 * as a run that tool scored (lib/runs/imported). Pure, so the preview counts them in the browser.
 */

/** Characters of a reason kept; a longer one is cut and says so. */
export const SCORE_REASON_CHARS = 4_000;
/** Characters of a metric's name (the tool's score name). */
export const SCORE_NAME_CHARS = 200;

export interface ImportedScore {
  /** Turnwise's name of the metric: the tool's own score name unless it is the same metric as one of Turnwise's. */
  metric: string;
  /** The tool that scored it: 'promptfoo', 'langsmith'. */
  origin: string;
  /** The tool's name of the score when Turnwise knows the metric by another ('conversation-relevance'). */
  sourceMetric?: string;
  /** Who judged, as the tool names it: "promptfoo: llm-rubric", "langsmith: model". */
  judge: string;
  /** The score; null when the tool's scoring failed (then `error` says why). */
  score: number | null;
  success: boolean;
  /** The pass mark the tool used, when it names one. */
  threshold?: number;
  reason?: string;
  error?: string;
  /** 0-based turn the score sits on (the reply it judged); absent when it judged the whole conversation. */
  turn?: number;
  /** Settings to keep with the metric (a sliding window's size). */
  settings?: Record<string, string | number | boolean>;
}

/** The scores of one conversation, by its position among the conversations the file gave (0-based). */
export interface ScoredConversation {
  position: number;
  scores: ImportedScore[];
}

export const cutReason = (text: string | undefined): string | undefined =>
  text === undefined || text.length <= SCORE_REASON_CHARS
    ? text
    : `${text.slice(0, SCORE_REASON_CHARS)}… (${(text.length - SCORE_REASON_CHARS).toLocaleString('en-US')} more characters not kept)`;

export const cutName = (text: string): string => (text.length <= SCORE_NAME_CHARS ? text : `${text.slice(0, SCORE_NAME_CHARS - 1)}…`);

/** A number the tool gave as a score, or null when it is none (NaN, text, absent). */
export const scoreNumber = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * What the run of a file's scores keeps as its parameters, from the file's own description of
 * itself (the JSON wrapper's other keys): promptfoo's eval id, when it ran and its version.
 */
export function importedRunParameters(datasetMetadata: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!datasetMetadata) return undefined;
  const pick = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? v : undefined);
  const summary = datasetMetadata.results;
  const about = datasetMetadata.metadata;
  const parameters = Object.fromEntries(
    Object.entries({
      evalId: pick(datasetMetadata.evalId),
      ranAt: typeof summary === 'object' && summary !== null ? pick((summary as Record<string, unknown>).timestamp) : undefined,
      promptfooVersion: typeof about === 'object' && about !== null ? pick((about as Record<string, unknown>).promptfooVersion) : undefined,
    }).filter(([, v]) => v !== undefined),
  );
  return Object.keys(parameters).length ? parameters : undefined;
}
