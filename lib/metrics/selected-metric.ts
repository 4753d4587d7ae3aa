import { z } from 'zod';
import type { Judge } from '../judge/types';
import { createGEvalMetric, gEvalDefinitionSchema, type GEvalDefinition } from './g-eval';
import { gEvalApplies } from './g-eval/applies';
import type { ConversationMetric } from './shared/metric';
import { METRIC_NAMES, createMetric, isBuiltInMetric, metricApplies as builtInApplies } from './registry';
import type { Conversation } from '../domain/conversation';

/** The version of a custom metric a run uses, with its definition as it was (evaluation steps included). */
export interface CustomMetricRef {
  version: number;
  definition: GEvalDefinition;
}

/** A metric a run or an evaluation scores: a built-in one by name, or a custom one with its definition. */
export interface MetricSelection {
  name: string;
  options: Record<string, unknown>;
  custom?: CustomMetricRef;
}

/** The options a run may set on a custom metric (the definition's own values otherwise). */
export const customRunOptionsSchema = z.strictObject({
  threshold: z.number().min(0).max(1).optional(),
  strictMode: z.boolean().optional(),
  includeReason: z.boolean().optional(),
});

/** A selection's metric, ready to measure. */
export function createSelectedMetric(selection: MetricSelection, judge: Judge): ConversationMetric {
  if (!selection.custom) {
    if (!isBuiltInMetric(selection.name)) throw new Error(`Unknown metric ${selection.name}`);
    return createMetric(selection.name, judge, selection.options);
  }
  const { threshold, strictMode, includeReason } = customRunOptionsSchema.parse(selection.options);
  const definition = {
    ...selection.custom.definition,
    ...(threshold === undefined ? {} : { threshold }),
    ...(strictMode === undefined ? {} : { strictMode }),
  };
  return createGEvalMetric(definition, judge, includeReason === undefined ? {} : { includeReason });
}

/** Whether the conversation has the data the selected metric needs (a run leaves other pairs out). */
export function selectionApplies(selection: Pick<MetricSelection, 'name' | 'custom'> & { options?: Record<string, unknown> }, c: Conversation): boolean {
  if (selection.custom) return gEvalApplies(selection.custom.definition, c);
  return isBuiltInMetric(selection.name) && builtInApplies(selection.name, c, selection.options);
}

const storedCustom = z.object({ version: z.number().int().min(1), definition: gEvalDefinitionSchema });

/**
 * A run's stored metric settings as selections: built-in metrics in the order they are listed
 * everywhere, then custom ones by name. A custom metric's settings keep the version it used under
 * `gEval`: { "<name>": { threshold, …, gEval: { version, definition } } }.
 */
export function metricSelectionsOf(settings: unknown): MetricSelection[] {
  const parsed = z.record(z.string(), z.record(z.string(), z.unknown())).safeParse(settings);
  if (!parsed.success) return [];
  const builtIn = METRIC_NAMES.filter((name) => name in parsed.data).map((name) => ({ name, options: parsed.data[name] }));
  const custom = Object.keys(parsed.data)
    .filter((name) => !isBuiltInMetric(name))
    .sort()
    .flatMap((name): MetricSelection[] => {
      const { gEval, ...options } = parsed.data[name];
      const ref = storedCustom.safeParse(gEval);
      return ref.success ? [{ name, options, custom: ref.data }] : [];
    });
  return [...builtIn, ...custom];
}

/** How a selection is stored in a run's metric settings (metricSelectionsOf reads it back). */
export const storedSettingsOf = (selection: MetricSelection): Record<string, unknown> =>
  selection.custom ? { ...selection.options, gEval: selection.custom } : selection.options;
