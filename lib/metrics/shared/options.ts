import { z } from 'zod';
import type { ChatMessage } from '../../judge/types';
import type { StepContracts, StepInput, StepName } from '../../judge/steps';
import { AppError } from '../../errors';
import { baseMetricOptionsSchema } from '../types';

/** A custom prompt for one judge step (the reference's evaluation_template). */
export type StepTemplate<S extends StepName> = (input: StepInput<S>) => ChatMessage[];
export type StepTemplates = { [S in StepName]?: StepTemplate<S> };

const isTemplates = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((fn) => fn === undefined || typeof fn === 'function');

export const stepTemplatesSchema = z.custom<StepTemplates>(
  isTemplates,
  'templates must map judge step names to functions returning chat messages',
);

/** Refuses templates for a step the metric does not send (a misspelt name would be silently unused). */
export function refuseUnknownTemplates(templates: StepTemplates | undefined, metric: string, contracts: StepContracts): void {
  const unknown = Object.keys(templates ?? {}).filter((step) => !Object.hasOwn(contracts, step));
  if (unknown.length > 0) {
    throw new AppError('BAD_INPUT', `Invalid metric options: templates name ${unknown.join(', ')}, not among the judge steps of ${metric} (${Object.keys(contracts).join(', ')})`);
  }
}

/** What every metric's options schema extends: the base options plus per-step templates. */
export const sharedMetricOptionsSchema = baseMetricOptionsSchema.extend({
  templates: stepTemplatesSchema.optional(),
});
export type SharedMetricOptions = z.output<typeof sharedMetricOptionsSchema>;

/** Parses metric options, turning zod issues into one BAD_INPUT error. */
export function parseMetricOptions<T extends z.ZodType>(schema: T, options: unknown): z.output<T> {
  const parsed = schema.safeParse(options ?? {});
  if (!parsed.success) {
    throw new AppError('BAD_INPUT', `Invalid metric options: ${z.prettifyError(parsed.error)}`, {
      issues: parsed.error.issues,
    });
  }
  return parsed.data;
}
