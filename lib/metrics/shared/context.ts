import type { Judge } from '../../judge/types';
import { emptyUsage, type JudgeCallRecord, type TurnVerdict, type Usage } from '../types';
import type { SharedMetricOptions } from './options';

/** State of one metric measurement; kept so an errored metric still returns what it had. */
export interface MetricContext {
  /** A built-in metric's name, or a custom metric's. */
  readonly metric: string;
  readonly judge: Judge;
  readonly options: SharedMetricOptions;
  readonly usage: Usage;
  readonly calls: JudgeCallRecord[];
  readonly steps: Record<string, unknown>;
  readonly verdicts: TurnVerdict[];
  /** Units left out of the score and unreadable verdicts (MetricResult.warnings). */
  readonly warnings: string[];
}

export function createMetricContext(metric: string, judge: Judge, options: SharedMetricOptions): MetricContext {
  return { metric, judge, options, usage: emptyUsage(), calls: [], steps: {}, verdicts: [], warnings: [] };
}
