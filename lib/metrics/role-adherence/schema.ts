import type { z } from 'zod';
import { sharedMetricOptionsSchema } from '../shared/options';

/** role_adherence takes only the options every metric takes (deepeval's RoleAdherenceMetric has no window). */
export const roleAdherenceOptionsSchema = sharedMetricOptionsSchema;
export type RoleAdherenceOptions = z.input<typeof roleAdherenceOptionsSchema>;
