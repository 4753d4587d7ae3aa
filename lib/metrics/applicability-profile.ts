import { z } from 'zod';
import { gEvalApplies } from './g-eval/applies';
import { G_EVAL_FIELDS, type GEvalField } from './g-eval/definition';
import { METRIC_NAMES, metricApplies, metricDescriptor } from './registry';
import type { MetricSelection } from './selected-metric';
import { sharedMetricOptionsSchema } from './shared/options';
import type { Conversation } from '../domain/conversation';

/*
 * Which metrics apply to how many of a dataset's conversations, known without reading them: each
 * conversation is reduced, when it is written, to a key of yes/no answers to a fixed set of
 * probes (every built-in metric with its default options; for G-Eval metrics, whether it has an
 * assistant turn and each field a definition may name), and the dataset keeps how many
 * conversations (and turns) have each key. A G-Eval metric applies when every field it names
 * does (gEvalApplies is that conjunction), so any custom metric is counted from the keys too.
 */

const G_EVAL_PROBED = G_EVAL_FIELDS.filter((f) => f !== 'content' && f !== 'role');
const PROBES = [...METRIC_NAMES.map((m) => `metric:${m}`), 'g-eval:replies', ...G_EVAL_PROBED.map((f) => `g-eval:${f}`)];
const probeIndex = new Map(PROBES.map((p, i) => [p, i]));

export const applicabilityProfileSchema = z.object({
  /** The probes the keys answer, in order: a profile made with other metrics is not used. */
  probes: z.array(z.string()),
  /** Key ('1' / '0' per probe) → [conversations, turns]. */
  groups: z.record(z.string(), z.tuple([z.number().int(), z.number().int()])),
});
export type ApplicabilityProfile = z.infer<typeof applicabilityProfileSchema>;

export const emptyProfile = (): ApplicabilityProfile => ({ probes: [...PROBES], groups: {} });

function keyOf(c: Conversation): string {
  const answers = [
    ...METRIC_NAMES.map((m) => metricApplies(m, c)),
    gEvalApplies({ fields: [] }, c),
    ...G_EVAL_PROBED.map((f) => gEvalApplies({ fields: [f] }, c)),
  ];
  return answers.map((a) => (a ? '1' : '0')).join('');
}

/** Adds conversations to the profile (sign -1 takes them out: a live conversation written again). */
export function addToProfile(profile: ApplicabilityProfile, conversations: Iterable<Conversation>, sign: 1 | -1 = 1): ApplicabilityProfile {
  for (const c of conversations) {
    const key = keyOf(c);
    const [n, turns] = profile.groups[key] ?? [0, 0];
    const next: [number, number] = [n + sign, turns + sign * c.turns.length];
    if (next[0] <= 0) delete profile.groups[key];
    else profile.groups[key] = next;
  }
  return profile;
}

/** The stored profile, when it answers today's probes; null when absent, unreadable or made with other metrics. */
export function readProfile(stored: unknown): ApplicabilityProfile | null {
  const parsed = applicabilityProfileSchema.safeParse(stored);
  if (!parsed.success || parsed.data.probes.join('\n') !== PROBES.join('\n')) return null;
  return parsed.data;
}

const SHARED_OPTIONS = new Set(Object.keys(sharedMetricOptionsSchema.shape));

/**
 * The probe that answers a selection: a G-Eval metric's fields, or a built-in metric's own probe.
 * Null when its options may change where it applies (a built-in metric whose applies reads its
 * options, given options beyond the ones every metric takes, such as tool_use's availableTools):
 * then only the conversations can say.
 */
function probesOf(selection: Pick<MetricSelection, 'name' | 'options' | 'custom'>): number[] | null {
  if (selection.custom) {
    const fields = selection.custom.definition.fields.filter((f): f is GEvalField => f !== 'content' && f !== 'role');
    return [probeIndex.get('g-eval:replies')!, ...fields.map((f) => probeIndex.get(`g-eval:${f}`)!)];
  }
  const descriptor = metricDescriptor(selection.name);
  if (!descriptor) return [];
  const readsOptions = descriptor.applies.length > 1 && Object.keys(selection.options ?? {}).some((k) => !SHARED_OPTIONS.has(k));
  return readsOptions ? null : [probeIndex.get(`metric:${selection.name}`)!];
}

/**
 * Per selection, the conversations it applies to and their turns, with the dataset's conversation
 * count; null when a selection's options need the conversations themselves.
 */
export function countsFromProfile(
  profile: ApplicabilityProfile,
  selections: readonly Pick<MetricSelection, 'name' | 'options' | 'custom'>[],
): { conversations: number; metrics: Record<string, { items: number; turns: number }> } | null {
  const probes = selections.map(probesOf);
  if (probes.some((p) => p === null)) return null;
  const metrics = Object.fromEntries(selections.map((s) => [s.name, { items: 0, turns: 0 }]));
  let conversations = 0;
  for (const [key, [n, turns]] of Object.entries(profile.groups)) {
    conversations += n;
    selections.forEach((s, i) => {
      // An unknown built-in name probes nothing and applies nowhere (selectionApplies says no too).
      const applies = probes[i]!.length > 0 && probes[i]!.every((p) => key[p] === '1');
      if (!applies) return;
      metrics[s.name].items += n;
      metrics[s.name].turns += turns;
    });
  }
  return { conversations, metrics };
}
