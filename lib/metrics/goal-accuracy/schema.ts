import type { z } from 'zod';
import { sharedMetricOptionsSchema } from '../shared/options';

/** goal_accuracy takes only the options every metric takes (deepeval's GoalAccuracyMetric has no window). */
export const goalAccuracyOptionsSchema = sharedMetricOptionsSchema;
export type GoalAccuracyOptions = z.input<typeof goalAccuracyOptionsSchema>;
