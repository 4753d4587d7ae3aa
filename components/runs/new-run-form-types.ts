// The plain data the new-run form receives, named by the server modules that build it: type-only
// imports are erased, so no server code reaches the browser (eslint's client-boundary rule).
import type { MetricOptionField } from '@/lib/runs/request/metric-option-fields';
import type { NewRunMetric, NewRunOptions } from '@/lib/runs/request/new-run-options';

export type OptionField = MetricOptionField;
export type FormMetric = NewRunMetric;
export type NewRunFormOptions = NewRunOptions;

/** An option's value as typed: text for numbers (validated on the server), a flag for switches. */
export type OptionValue = string | boolean;
