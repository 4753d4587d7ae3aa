'use client';

import { useState } from 'react';
import type { MetricEditorOptions } from '@/lib/custom-metrics/editor-options';
import type { RubricRow } from './rubric-editor';

const numberOrText = (text: string): unknown => (text.trim() === '' || !Number.isFinite(Number(text)) ? text : Number(text));

/** A custom metric's definition as typed in the editor, and as the actions take it (the server validates it). */
export function useDefinitionDraft(currentVersion: MetricEditorOptions['current'], copy: boolean) {
  const current = currentVersion?.definition;
  // Someone else's metric: its definition as the start of a copy under a new name.
  const [name, setName] = useState(current ? (copy ? `${current.name.slice(0, 58)}_copy` : current.name) : '');
  const [scope, setScope] = useState<'conversation' | 'turn'>(current?.scope ?? 'conversation');
  const [criteria, setCriteria] = useState(current?.criteria ?? '');
  const [steps, setSteps] = useState((current?.evaluationSteps ?? []).join('\n'));
  const [rubric, setRubric] = useState<RubricRow[]>((current?.rubric ?? []).map((r) => ({ from: String(r.range[0]), to: String(r.range[1]), meaning: r.meaning })));
  const [fields, setFields] = useState<string[]>((current?.fields ?? []).filter((f) => f !== 'content' && f !== 'role'));
  const [windowSize, setWindowSize] = useState(String(current?.windowSize ?? 3));
  const [threshold, setThreshold] = useState(String(current?.threshold ?? 0.5));
  const [strictMode, setStrictMode] = useState(current?.strictMode ?? false);
  const stepList = steps
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);
  const definition: Record<string, unknown> = {
    name: name.trim(),
    scope,
    ...(criteria.trim() ? { criteria } : {}),
    ...(stepList.length ? { evaluationSteps: stepList } : {}),
    ...(rubric.length ? { rubric: rubric.map((r) => ({ range: [numberOrText(r.from), numberOrText(r.to)], meaning: r.meaning })) } : {}),
    fields,
    ...(scope === 'turn' ? { windowSize: numberOrText(windowSize) } : {}),
    threshold: numberOrText(threshold),
    strictMode,
  };
  return { name, setName, scope, setScope, criteria, setCriteria, steps, setSteps, rubric, setRubric, fields, setFields, windowSize, setWindowSize, threshold, setThreshold, strictMode, setStrictMode, definition };
}

export type DefinitionDraft = ReturnType<typeof useDefinitionDraft>;
