import type { Usage } from './usage';
import type { TurnVerdict } from './verdict';

/** A record of one judge call made for a metric, so the UI can show prompt and reply. */
export interface JudgeCallRecord {
  step: string;
  cacheKey: string;
  cached: boolean;
  promptTokens: number;
  completionTokens: number;
  /** Rendered messages, kept only in verbose mode. */
  messages?: { role: string; content: string }[];
  /** Requests of the step that gave no usable reply (429, 500, cut short, invalid…), with their cause. */
  retries?: { attempt: number; cause: string }[];
}

/** A result of a metric named N: a built-in metric's name, or a custom metric's (G-Eval). */
export type NamedMetricResult<N extends string> = Omit<MetricResult, 'metric'> & { metric: N };

export interface MetricResult {
  /** A built-in metric's name (MetricName) or a custom metric's. */
  metric: string;
  /** null when the metric errored. */
  score: number | null;
  success: boolean;
  threshold: number;
  strictMode: boolean;
  reason: string | null;
  error: string | null;
  verdicts: TurnVerdict[];
  /**
   * What the score leaves out: units the judge failed on ("Turn 4: …") and verdicts it wrote
   * that could not be read. Empty when everything was judged.
   */
  warnings: string[];
  /** Structured intermediate steps: facts, truths, claims, windows, sentences… */
  steps: Record<string, unknown>;
  calls: JudgeCallRecord[];
  usage: Usage;
}
