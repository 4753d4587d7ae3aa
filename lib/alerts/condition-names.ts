import { describeCondition } from './describe-rule';
import type { AlertCondition } from './rule-input';

export interface Names {
  datasets: Map<string, string>;
  onlineRules: Map<string, string>;
  runs: Map<string, string>;
}

/** The dataset, online rule and baseline run ids conditions name (to look their names up at once). */
export function conditionIds(conditions: readonly AlertCondition[]): { datasets: string[]; onlineRules: string[]; runs: string[] } {
  const datasets = new Set<string>();
  const onlineRules = new Set<string>();
  const runs = new Set<string>();
  for (const c of conditions) {
    if ('datasetId' in c && c.datasetId) datasets.add(c.datasetId);
    if ('onlineRuleId' in c && c.onlineRuleId) onlineRules.add(c.onlineRuleId);
    if (c.kind === 'run_result' && c.baselineRunId) runs.add(c.baselineRunId);
  }
  return { datasets: [...datasets], onlineRules: [...onlineRules], runs: [...runs] };
}

/** A condition's sentence with the names of what it names. */
export function sentenceOf(c: AlertCondition, names: Names): string {
  return describeCondition(c, {
    dataset: 'datasetId' in c && c.datasetId ? names.datasets.get(c.datasetId) : null,
    onlineRule: 'onlineRuleId' in c && c.onlineRuleId ? names.onlineRules.get(c.onlineRuleId) : null,
    baselineRun: c.kind === 'run_result' && c.baselineRunId ? names.runs.get(c.baselineRunId) : null,
  });
}
