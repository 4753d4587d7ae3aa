/*
 * Scores another tool gave the conversations of a file it exported (Langfuse's scores, Opik's
 * feedback scores, promptfoo's grading results, LangSmith's feedback), as the tool stored them:
 * read beside the conversations and handed, by the position of their conversation, to the import,
 * which reads them onto Turnwise's scale and stores them as a run that tool scored
 * (lib/imports/scores). Pure, so the preview counts them in the browser.
 */

/** Characters of a reason or an error kept; a longer one is cut and says so. */
export const SCORE_REASON_CHARS = 4_000;
/** Characters of a score's name. */
export const SCORE_NAME_CHARS = 200;

export interface ImportedScore {
  /** The tool that gave it, as it writes its own name: 'Langfuse', 'Opik', 'promptfoo', 'LangSmith'. */
  tool: string;
  /** The tool's name of the score: a Langfuse score's name, a promptfoo assertion's metric or type, a LangSmith feedback key. */
  name: string;
  /** The Turnwise metric this is, where the tool's metric is the same as one of Turnwise's under another name (promptfoo's conversation-relevance). */
  sameAs?: string;
  /** How the tool stored it. */
  kind: 'numeric' | 'boolean' | 'categorical';
  /** The number the tool stored (a boolean's 1 or 0, a category's value); null when it gave none. */
  value: number | null;
  /** A category's or a boolean's label, as the tool wrote it. */
  label?: string;
  /** The reason or comment the tool kept with it. */
  reason?: string;
  /** Why the tool gave no score: its grader could not judge, the test errored. */
  error?: string;
  /** Who judged, where the tool says more than the score's name ("llm-rubric (openai:gpt-4.1-mini)"). */
  judge?: string;
  /** Pass or fail as the tool itself decided it (promptfoo); absent where the tool decides none. */
  pass?: boolean;
  /** The pass mark the tool used with its own pass or fail, on its own scale. */
  threshold?: number;
  /** The 0-based turn it judged (the reply); absent when it judged the whole conversation. */
  turn?: number;
  /** Settings to keep with the metric (a sliding window's size). */
  settings?: Record<string, string | number | boolean>;
}

/** The scores of one conversation, by its position among the conversations the file gave (0-based). */
export interface ScoredConversation {
  position: number;
  scores: ImportedScore[];
}

/** How many scores of one tool's score name a file carries: on a turn, and on a whole conversation. */
export interface ScoreCount {
  tool: string;
  /** The name the metric will have: the tool's, or the Turnwise metric it is the same as. */
  name: string;
  onTurns: number;
  onConversations: number;
}

const cut = (text: string, max: number, more: (left: number) => string): string => (text.length <= max ? text : `${text.slice(0, max)}${more(text.length - max)}`);

/** A score held to the bounds every score has: its name, reason and error cut where they are longer. */
export function boundScore(score: ImportedScore): ImportedScore {
  const long = (text: string | undefined) => text !== undefined && text.length > SCORE_REASON_CHARS;
  if (score.name.length <= SCORE_NAME_CHARS && !long(score.reason) && !long(score.error)) return score;
  const out = { ...score, name: cut(score.name, SCORE_NAME_CHARS - 1, () => '…') };
  const keep = (text: string) => cut(text, SCORE_REASON_CHARS, (left) => `… (${left.toLocaleString('en-US')} more characters not kept)`);
  if (score.reason !== undefined) out.reason = keep(score.reason);
  if (score.error !== undefined) out.error = keep(score.error);
  return out;
}

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
