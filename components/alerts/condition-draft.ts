import type { AlertCondition } from '@/lib/alerts/rule-input';

/** A condition as the form edits it: every field of every kind, numbers as typed (the server says what is wrong with them). */
export interface ConditionDraft {
  kind: AlertCondition['kind'];
  /** '' is any dataset. */
  datasetId: string;
  /** '' is any metric (a regression). */
  metric: string;
  check: 'regression' | 'pass_rate_below' | 'mean_below';
  value: string;
  /** '' is the run before it. */
  baselineRunId: string;
  /** '' is the instance (judge cost). */
  onlineRuleId: string;
  passRateBelow: string;
  window: 'conversations' | 'hours';
  size: string;
  minCount: string;
  dailyUsd: string;
  of: 'runs' | 'replays' | 'ingest' | 'any';
}

export const EMPTY_DRAFT: ConditionDraft = {
  kind: 'run_result',
  datasetId: '',
  metric: '',
  check: 'regression',
  value: '',
  baselineRunId: '',
  onlineRuleId: '',
  passRateBelow: '80',
  window: 'conversations',
  size: '50',
  minCount: '10',
  dailyUsd: '',
  of: 'any',
};

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** A stored condition as the form's draft. */
export function draftOf(condition: AlertCondition | null): ConditionDraft {
  if (!condition) return EMPTY_DRAFT;
  switch (condition.kind) {
    case 'run_result':
      return { ...EMPTY_DRAFT, kind: 'run_result', datasetId: condition.datasetId ?? '', metric: condition.metric ?? '', check: condition.check, value: text(condition.value), baselineRunId: condition.baselineRunId ?? '' };
    case 'online_window':
      return { ...EMPTY_DRAFT, kind: 'online_window', onlineRuleId: condition.onlineRuleId, metric: condition.metric, passRateBelow: text(condition.passRateBelow), window: condition.window, size: text(condition.size), minCount: text(condition.minCount) };
    case 'judge_cost':
      return { ...EMPTY_DRAFT, kind: 'judge_cost', onlineRuleId: condition.onlineRuleId ?? '', dailyUsd: text(condition.dailyUsd) };
    case 'failure':
      return { ...EMPTY_DRAFT, kind: 'failure', of: condition.of, datasetId: condition.datasetId ?? '' };
  }
}

/** The draft as the API takes a condition: only its kind's fields. */
export function conditionOf(d: ConditionDraft): Record<string, unknown> {
  switch (d.kind) {
    case 'run_result':
      return { kind: d.kind, datasetId: d.datasetId || null, metric: d.metric || null, check: d.check, value: d.check === 'regression' ? null : d.value, baselineRunId: d.check === 'regression' ? d.baselineRunId || null : null };
    case 'online_window':
      return { kind: d.kind, onlineRuleId: d.onlineRuleId, metric: d.metric, passRateBelow: d.passRateBelow, window: d.window, size: d.size, minCount: d.minCount };
    case 'judge_cost':
      return { kind: d.kind, onlineRuleId: d.onlineRuleId || null, dailyUsd: d.onlineRuleId ? null : d.dailyUsd };
    case 'failure':
      return { kind: d.kind, of: d.of, datasetId: d.of === 'ingest' ? null : d.datasetId || null };
  }
}
