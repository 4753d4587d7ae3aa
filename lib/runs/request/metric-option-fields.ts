import { metricOptionsSchemas, type MetricName } from '../../metrics/registry';
import type { GEvalDefinition } from '../../metrics/g-eval/definition';
import { runOptionKeysOf, type RunOptionKey } from './run-request';

/** One option input of the new-run form: plain data a client component can render. */
export interface MetricOptionField {
  key: RunOptionKey;
  label: string;
  help: string;
  /** 'list': text items, one a line (topics). */
  kind: 'number' | 'integer' | 'boolean' | 'list';
  /** The metric's default; null when the option is unset by default (no limit). */
  defaultValue: number | boolean | null;
  min?: number;
  max?: number;
  step?: number;
}

const describe: Record<RunOptionKey, Omit<MetricOptionField, 'key' | 'defaultValue'>> = {
  threshold: { label: 'Threshold', help: 'Minimum score to pass (0–1).', kind: 'number', min: 0, max: 1, step: 0.05 },
  strictMode: { label: 'Strict mode', help: 'Threshold 1; any score below 1 becomes 0.', kind: 'boolean' },
  includeReason: { label: 'Include reason', help: 'Keep the judge’s reason with each result (built-in metrics: one more judge call).', kind: 'boolean' },
  windowSize: { label: 'Window size', help: 'Exchanges per sliding window.', kind: 'integer', min: 1, step: 1 },
  truthsExtractionLimit: { label: 'Truths limit', help: 'Most truths taken from each document; empty for no limit.', kind: 'integer', min: 1, step: 1 },
  penalizeAmbiguousClaims: { label: 'Penalize ambiguous claims', help: 'Claims neither supported nor contradicted count against the score.', kind: 'boolean' },
  scale: { label: 'Scale', help: 'Multiplies the reported score (e.g. 100 for a percentage).', kind: 'number', min: 0, step: 1 },
  relevantTopics: { label: 'Relevant topics', help: "One a line; for the conversations without their own relevant_topics (theirs win).", kind: 'list' },
};

/** The options of a metric the form shows, with the metric's own defaults. */
export function metricOptionFields(metric: MetricName): MetricOptionField[] {
  const defaults = metricOptionsSchemas[metric].parse({}) as Record<string, unknown>;
  return runOptionKeysOf(metric).map((key) => {
    const value = defaults[key];
    return {
      key,
      ...describe[key],
      defaultValue: typeof value === 'number' || typeof value === 'boolean' ? value : null,
    };
  });
}

/** A custom metric's options on the form, its definition's values as defaults. */
export function customOptionFields(definition: Pick<GEvalDefinition, 'threshold' | 'strictMode'>): MetricOptionField[] {
  const defaults = { threshold: definition.threshold, strictMode: definition.strictMode, includeReason: true };
  return (['threshold', 'strictMode', 'includeReason'] as const).map((key) => ({ key, ...describe[key], defaultValue: defaults[key] }));
}
