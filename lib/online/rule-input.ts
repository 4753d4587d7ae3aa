import { z } from 'zod';
import { judgeSelectionSchema } from '../judge/config';
import { runRequestSchema } from '../runs/request/run-request';

/** Minutes of silence after which a conversation counts as closed, unless the rule says otherwise. */
export const DEFAULT_IDLE_MINUTES = 5;

/** A daily cap in judge calls or tokens: a whole number above 0, or null (blank) for none. */
const dailyCap = (what: 'calls' | 'tokens') =>
  z.preprocess(
    (value) => (value === undefined || (typeof value === 'string' && value.trim() === '') ? null : typeof value === 'string' ? value.replace(/[,_\s]/g, '') : value),
    z.coerce
      .number({ error: `The daily cap in judge ${what} must be a whole number` })
      .int(`The daily cap in judge ${what} must be a whole number`)
      .min(1, `The daily cap in judge ${what} is at least 1`)
      .max(1e12, `The daily cap in judge ${what} is at most 1,000,000,000,000`)
      .nullable(),
  ).default(null);

/**
 * An online evaluation rule as the API and the dashboard send it. Metrics are named as a run
 * request names them (built-in with options, or custom by name and version); the judge as the
 * new-run form picks one.
 */
export const onlineRuleInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Name the rule').max(120, 'At most 120 characters'),
  datasetIds: z
    .array(z.string().trim().min(1, 'a dataset id'), { error: 'a list of live dataset ids' })
    .min(1, 'Pick at least one live dataset')
    .max(50, 'At most 50 live datasets')
    .refine((ids) => new Set(ids).size === ids.length, 'A dataset is listed twice'),
  metrics: runRequestSchema.shape.metrics,
  judge: judgeSelectionSchema,
  // No default: a rule scores with the judge on every conversation it samples, so the share is the user's to choose.
  sampleRate: z.preprocess(
    (value) => {
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
      return typeof value === 'string' && Number.isFinite(Number(value)) ? Number(value) : value;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? 'Choose a sample rate: the percent of closed conversations to score (0–100)' : 'Sample rate must be a number') })
      .min(0, 'Sample rate is at least 0 %')
      .max(100, 'Sample rate is at most 100 %'),
  ),
  idleMinutes: z.coerce
    .number({ error: 'Idle time must be a number of minutes' })
    .int('Idle time is a whole number of minutes')
    .min(1, 'Idle time is at least 1 minute')
    .max(7 * 24 * 60, 'Idle time is at most a week')
    .default(DEFAULT_IDLE_MINUTES),
  dailyCapUsd: z.coerce
    .number({ error: 'The daily cost cap must be a number of USD' })
    .min(0, 'The daily cost cap is at least 0 USD')
    .max(1_000_000, 'The daily cost cap is at most 1,000,000 USD')
    .nullable()
    .default(null),
  dailyCapCalls: dailyCap('calls'),
  dailyCapTokens: dailyCap('tokens'),
  versionAttribute: z
    .string()
    .trim()
    .max(200, 'At most 200 characters')
    .regex(/^[\w.\-/:]*$/, 'An attribute key: letters, digits and . _ - / : only')
    .nullable()
    .default(null)
    .transform((v) => (v ? v : null)),
  enabled: z.boolean({ error: 'enabled is true or false' }).default(true),
});
export type OnlineRuleInput = z.output<typeof onlineRuleInputSchema>;
