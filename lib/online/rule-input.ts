import { z } from 'zod';
import { judgeSelectionSchema } from '../judge/config';
import { runRequestSchema } from '../runs/request/run-request';

/** Minutes of silence after which a conversation counts as closed, unless the rule says otherwise. */
export const DEFAULT_IDLE_MINUTES = 5;

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
  sampleRate: z.coerce.number({ error: 'Sample rate must be a number' }).min(0, 'Sample rate is at least 0 %').max(100, 'Sample rate is at most 100 %').default(100),
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
