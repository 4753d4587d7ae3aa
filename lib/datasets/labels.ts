import { describe, isPlainObject, type Issues, type Path } from './fields';
import { quoted } from './value-checks';

type Verdict = 'yes' | 'no';
const VALUES: Record<string, Verdict> = { yes: 'yes', no: 'no', pass: 'yes', fail: 'no', true: 'yes', false: 'no' };
const METRIC = /^[a-z][a-z0-9_]{1,62}$/;

/** A label's value: yes/no (pass/fail and true/false read the same); null when it is none of those. */
export function labelValue(value: unknown): Verdict | null {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return typeof value === 'string' ? (VALUES[value.trim().toLowerCase()] ?? null) : null;
}

/**
 * A turn's human labels, `"labels": { "turn_faithfulness": "no" }`: people's verdicts on the turn
 * by metric, which a run's per-turn verdicts are measured against. A bad metric name or value is
 * an error naming its path.
 */
export function readLabels(field: { key: string; value: unknown } | undefined, base: Path, issues: Issues): Record<string, Verdict> | undefined {
  if (!field || field.value === undefined || field.value === null) return undefined;
  const path = [...base, field.key];
  if (!isPlainObject(field.value)) {
    issues.push({ severity: 'error', path, message: `expected an object of metric → "yes" or "no", e.g. {"turn_faithfulness": "no"}; found ${describe(field.value)}` });
    return undefined;
  }
  const out: Record<string, Verdict> = {};
  for (const [metric, value] of Object.entries(field.value)) {
    if (!METRIC.test(metric)) {
      issues.push({ severity: 'error', path: [...path, metric], message: `${quoted(metric)} is not a metric name (lower-case letters, digits and "_")` });
      continue;
    }
    const verdict = labelValue(value);
    if (verdict === null) issues.push({ severity: 'error', path: [...path, metric], message: `a label is "yes" or "no" (or pass/fail), found ${quoted(value)}` });
    else out[metric] = verdict;
  }
  return Object.keys(out).length ? out : undefined;
}

/** The metric a CSV column of labels names: "Label: turn_faithfulness" or "label_turn_faithfulness"; null for another column. */
export function labelColumnMetric(header: string): string | null {
  const match = /^\s*labels?\s*[:._-]\s*([A-Za-z][A-Za-z0-9_ ]{1,62}?)\s*$/i.exec(header);
  return match ? match[1].trim().toLowerCase().replace(/\s+/g, '_') : null;
}
