import { z } from 'zod';

/*
 * An alert rule as the API and the dashboard send it: a condition (what is watched, where) and
 * a destination (where the alert goes). Pure: the rule form checks the same shape in the browser.
 */

/** Conversations (or hours) an online window looks at, and how many scored conversations it needs before it judges. */
export const WINDOW_LIMITS = { conversations: 10_000, hours: 24 * 30 } as const;
export const DEFAULT_MIN_COUNT = 10;

const id = (what: string) => z.string({ error: `Choose ${what}` }).trim().min(1, `Choose ${what}`).max(100, 'At most 100 characters');
const optionalId = (what: string) =>
  z.preprocess((value) => (value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value), id(what).nullable());
const metric = z.string({ error: 'Choose a metric' }).trim().min(1, 'Choose a metric').max(120, 'At most 120 characters');
/** A number typed in a form ("0.7", "80") or sent as one. */
const number = (message: string) => z.preprocess((value) => (typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value), z.number({ error: message }).finite(message));
const percent = number('A pass rate in percent (0–100)').pipe(z.number().min(0, 'A pass rate is at least 0 %').max(100, 'A pass rate is at most 100 %'));
const whole = (message: string, min: number, max: number) =>
  number(message).pipe(z.number().int(message).min(min, `${message}: at least ${min.toLocaleString('en-US')}`).max(max, `${message}: at most ${max.toLocaleString('en-US')}`));

/**
 * A run's result, when it closes (scheduled runs included): a regression against its baseline
 * (the whole interval of the difference below 0, as the compare page computes it), or a pass rate
 * (percent) or mean of a metric below a value.
 */
export const runResultConditionSchema = z.strictObject({
  kind: z.literal('run_result'),
  /** Runs on this dataset (and on the versions a replay made of it); null: any dataset. */
  datasetId: optionalId('a dataset'),
  /** Null with a regression: any metric. */
  metric: z.preprocess((value) => (value === '' || value === undefined ? null : value), metric.nullable()),
  check: z.enum(['regression', 'pass_rate_below', 'mean_below'], { error: 'check is regression, pass_rate_below or mean_below' }),
  /** The pass rate in percent, or the mean, below which it fires; none for a regression. */
  value: z.preprocess((value) => (value === undefined || value === '' ? null : value), number('A number').nullable()),
  /** The run every run is compared with; null: the run before it on the same dataset. */
  baselineRunId: optionalId('a baseline run').default(null),
});

/** An online rule's scores over a window: its pass rate on a metric over the last N conversations or N hours, once it has `minCount` of them. */
export const onlineWindowConditionSchema = z.strictObject({
  kind: z.literal('online_window'),
  onlineRuleId: id('an online rule'),
  metric,
  passRateBelow: percent,
  window: z.enum(['conversations', 'hours'], { error: 'window is conversations or hours' }),
  size: whole('The window', 1, WINDOW_LIMITS.conversations),
  minCount: whole('The minimum count', 1, WINDOW_LIMITS.conversations).default(DEFAULT_MIN_COUNT),
});

/** Judge cost: an online rule's daily cap reached, or the day's judge spend of every run reaching `dailyUsd`. */
export const judgeCostConditionSchema = z.strictObject({
  kind: z.literal('judge_cost'),
  /** Null: the whole instance's spend. */
  onlineRuleId: optionalId('an online rule'),
  dailyUsd: z.preprocess((value) => (value === undefined || value === '' ? null : value), number('A cost in USD').pipe(z.number().min(0.01, 'At least 0.01 USD').max(1_000_000, 'At most 1,000,000 USD')).nullable()),
});

/** Work that failed: a run, a replay (its evaluation's start included), a batch of ingested spans. */
export const failureConditionSchema = z.strictObject({
  kind: z.literal('failure'),
  of: z.enum(['runs', 'replays', 'ingest', 'any'], { error: 'of is runs, replays, ingest or any' }),
  /** Runs or replays of this dataset; null: any. Ingest has no dataset. */
  datasetId: optionalId('a dataset'),
});

export const conditionSchema = z.discriminatedUnion('kind', [runResultConditionSchema, onlineWindowConditionSchema, judgeCostConditionSchema, failureConditionSchema], {
  error: 'condition.kind is run_result, online_window, judge_cost or failure',
});

export type AlertCondition = z.output<typeof conditionSchema>;
export type RunResultCondition = z.output<typeof runResultConditionSchema>;
export type OnlineWindowCondition = z.output<typeof onlineWindowConditionSchema>;
export type JudgeCostCondition = z.output<typeof judgeCostConditionSchema>;
export type FailureCondition = z.output<typeof failureConditionSchema>;
export type AlertKind = AlertCondition['kind'];

/** Where an alert goes. On a change, a blank url keeps the stored one, a blank secret the stored secret. */
export const destinationSchema = z.strictObject({
  kind: z.enum(['webhook', 'slack'], { error: 'destination.kind is webhook or slack' }),
  url: z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), z.string({ error: 'The URL the alert is posted to' }).max(2000, 'At most 2,000 characters').optional()),
  /** The webhook's signing secret: HMAC-SHA256 of each body in a header. */
  secret: z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), z.string().max(500, 'At most 500 characters').optional()),
  clearSecret: z.boolean().optional(),
});

export const alertRuleInputSchema = z.strictObject({
  name: z.string({ error: 'Name the rule' }).trim().min(1, 'Name the rule').max(120, 'At most 120 characters'),
  condition: conditionSchema,
  destination: destinationSchema,
  notifyResolved: z.boolean({ error: 'notifyResolved is true or false' }).default(true),
  enabled: z.boolean({ error: 'enabled is true or false' }).default(true),
});

export type AlertRuleInput = z.output<typeof alertRuleInputSchema>;

/**
 * What the schema cannot say of one field alone: the checks that need a metric and a value, a
 * window's minimum count, an instance-wide cost rule's amount. Null when the condition holds
 * together; else the field and why.
 */
export function conditionProblem(condition: AlertCondition): { field: string; message: string } | null {
  const at = (field: string, message: string) => ({ field: `condition.${field}`, message });
  switch (condition.kind) {
    case 'run_result':
      if (condition.check === 'regression') return null;
      if (condition.metric === null) return at('metric', 'Choose the metric whose pass rate or mean is watched');
      if (condition.value === null) return at('value', condition.check === 'pass_rate_below' ? 'The pass rate (percent) below which it fires' : 'The mean below which it fires');
      if (condition.check === 'pass_rate_below' && (condition.value < 0 || condition.value > 100)) return at('value', 'A pass rate in percent (0–100)');
      return null;
    case 'online_window':
      if (condition.window === 'hours' && condition.size > WINDOW_LIMITS.hours) return at('size', `A window of at most ${WINDOW_LIMITS.hours} hours (30 days)`);
      if (condition.window === 'conversations' && condition.minCount > condition.size) return at('minCount', `At most the window's ${condition.size} conversations`);
      return null;
    case 'judge_cost':
      return condition.onlineRuleId === null && condition.dailyUsd === null ? at('dailyUsd', "The day's judge spend (USD) at which it fires") : null;
    case 'failure':
      return condition.of === 'ingest' && condition.datasetId !== null ? at('datasetId', 'Ingest failures have no dataset: leave it at any') : null;
  }
}
