import type { StepContracts } from '../../judge/steps';
import type { Judge } from '../../judge/types';
import { emptyUsage, type Usage } from '../../domain/usage';
import { type JudgeCallRecord } from '../../domain/metric-result';
import { type TurnVerdict } from '../../domain/verdict';
import type { SharedMetricOptions } from './options';

/** State of one metric measurement; kept so an errored metric still returns what it had. */
export interface MetricContext {
  /** A built-in metric's name, or a custom metric's. */
  readonly metric: string;
  readonly judge: Judge;
  readonly options: SharedMetricOptions;
  /** The contracts of the judge steps the metric may send (its own and the closing reason step). */
  readonly contracts: StepContracts;
  readonly usage: Usage;
  readonly calls: JudgeCallRecord[];
  readonly steps: Record<string, unknown>;
  readonly verdicts: TurnVerdict[];
  /** Units left out of the score and unreadable verdicts (MetricResult.warnings). */
  readonly warnings: string[];
}

export function createMetricContext(metric: string, judge: Judge, options: SharedMetricOptions, contracts: StepContracts): MetricContext {
  return { metric, judge, options, contracts, usage: emptyUsage(), calls: [], steps: {}, verdicts: [], warnings: [] };
}
