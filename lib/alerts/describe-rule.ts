import type { AlertCondition } from './rule-input';

/** The names a condition's ids stand for, where they are known. */
export interface ConditionNames {
  dataset?: string | null;
  onlineRule?: string | null;
  baselineRun?: string | null;
}

const quoted = (name: string | null | undefined, fallback: string) => (name ? `"${name}"` : fallback);
const metricOf = (metric: string | null) => (metric ? metric.replace(/_/g, ' ') : 'any metric');
const trim = (n: number) => String(Number(n.toFixed(4)));

/**
 * The condition in a sentence, as the rule form previews it and every page and alert says it:
 * "A run on "Support" ends with a pass rate of turn faithfulness below 80 %". Pure: the form
 * runs it in the browser.
 */
export function describeCondition(condition: AlertCondition, names: ConditionNames = {}): string {
  switch (condition.kind) {
    case 'run_result': {
      const where = condition.datasetId ? `on ${quoted(names.dataset, 'the chosen dataset')}` : 'on any dataset';
      if (condition.check === 'regression') {
        const baseline = condition.baselineRunId ? `run ${quoted(names.baselineRun, condition.baselineRunId)}` : 'the run before it on the same dataset';
        return `A run ${where} regresses on ${metricOf(condition.metric)} against ${baseline} (the whole 95 % interval of the difference below 0)`;
      }
      const value = condition.value === null ? '…' : condition.check === 'pass_rate_below' ? `${trim(condition.value)} %` : trim(condition.value);
      return `A run ${where} ends with a ${condition.check === 'pass_rate_below' ? 'pass rate' : 'mean score'} of ${metricOf(condition.metric)} below ${value}`;
    }
    case 'online_window': {
      const window = condition.window === 'conversations' ? `the last ${condition.size.toLocaleString('en-US')} scored conversations` : `the last ${condition.size.toLocaleString('en-US')} hour${condition.size === 1 ? '' : 's'}`;
      return `Online rule ${quoted(names.onlineRule, 'the chosen rule')}: the pass rate of ${metricOf(condition.metric)} over ${window} falls below ${trim(condition.passRateBelow)} % (judged once at least ${condition.minCount.toLocaleString('en-US')} are scored)`;
    }
    case 'judge_cost':
      return condition.onlineRuleId
        ? `Online rule ${quoted(names.onlineRule, 'the chosen rule')} reaches its daily cap (scoring pauses until the next UTC day)`
        : `The judge spend of the runs started today (UTC) reaches $${condition.dailyUsd === null ? '…' : trim(condition.dailyUsd)}`;
    case 'failure': {
      const on = condition.datasetId ? ` on ${quoted(names.dataset, 'the chosen dataset')}` : '';
      if (condition.of === 'runs') return `A run${on} fails`;
      if (condition.of === 'replays') return `A replay${on} fails (or its evaluation cannot start)`;
      if (condition.of === 'ingest') return 'A batch of received OpenTelemetry spans or logs cannot be ingested';
      return `A run or a replay${on} fails, or a batch of received spans cannot be ingested`;
    }
  }
}

/** When it is back to normal, in a phrase: what "resolved" means for this condition. */
export function describeRecovery(condition: AlertCondition): string {
  switch (condition.kind) {
    case 'run_result':
      return condition.check === 'regression' ? 'the next run on the dataset does not regress' : 'the next run on the dataset is at or above the value';
    case 'online_window':
      return 'the window is back at or above the value';
    case 'judge_cost':
      return condition.onlineRuleId ? 'a new UTC day starts' : "the day's spend is below the amount again (a new UTC day)";
    case 'failure':
      return condition.of === 'ingest' ? 'a batch is ingested without error' : 'the next one on the same dataset ends without failing';
  }
}

/** A value an alert measured, as the rule's history shows it: "72 %", "0.61", "$4.20"; "–" where nothing is measured. */
export function measuredText(condition: AlertCondition | null, value: number | null): string {
  if (value === null) return '–';
  const percent = `${Number(value.toFixed(1))} %`;
  switch (condition?.kind) {
    case 'run_result':
      return condition.check === 'pass_rate_below' ? percent : trim(value);
    case 'online_window':
      return percent;
    case 'judge_cost':
      return `$${value.toFixed(2)}`;
    default:
      return trim(value);
  }
}
