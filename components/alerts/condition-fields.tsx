'use client';

import type { ReactNode } from 'react';
import { FieldError } from '@/components/ui/field-error';
import { inputClass, type FieldErrors } from '@/components/ui/form-styles';
import type { AlertFormOptions } from '@/lib/alerts/page/load-alert-form-options';
import { metricLabel } from '@/lib/format/format';
import type { ConditionDraft } from './condition-draft';

/** A labelled input or select with its help and the server's errors for `field` beneath. */
export function Field({ label, field, help, errors, children }: { label: string; field: string; help?: string; errors: FieldErrors; children: ReactNode }) {
  return (
    <div>
      <label className="block text-sm font-medium text-slate-700">
        {label}
        {children}
      </label>
      {help ? <p className="mt-1 text-xs text-slate-500">{help}</p> : null}
      <FieldError errors={errors} field={field} />
    </div>
  );
}

const KINDS: { value: ConditionDraft['kind']; label: string }[] = [
  { value: 'run_result', label: "A run's result" },
  { value: 'online_window', label: "An online rule's pass rate over a window" },
  { value: 'judge_cost', label: 'Judge cost' },
  { value: 'failure', label: 'A failure' },
];

type Props = { draft: ConditionDraft; set: (patch: Partial<ConditionDraft>) => void; options: AlertFormOptions; errors: FieldErrors };

/** What is watched: the kind of condition, then its own fields (scope, metric, value, window). */
export function ConditionFields({ draft, set, options, errors }: Props) {
  const at = (field: string) => `condition.${field}`;
  const onlineRule = options.onlineRules.find((r) => r.id === draft.onlineRuleId);
  const datasetSelect = (help: string) => (
    <Field label="Dataset" field={at('datasetId')} help={help} errors={errors}>
      <select className={inputClass} value={draft.datasetId} onChange={(e) => set({ datasetId: e.target.value, baselineRunId: '' })}>
        <option value="">Any dataset</option>
        {options.datasets.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </select>
    </Field>
  );
  return (
    <div className="space-y-4">
      <Field label="Alert on" field={at('kind')} errors={errors}>
        <select className={inputClass} value={draft.kind} onChange={(e) => set({ kind: e.target.value as ConditionDraft['kind'], metric: '', onlineRuleId: '' })}>
          {KINDS.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </select>
      </Field>

      {draft.kind === 'run_result' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {datasetSelect('Runs on it and on the versions replays made of it (scheduled runs too).')}
          <Field label="Check" field={at('check')} errors={errors}>
            <select className={inputClass} value={draft.check} onChange={(e) => set({ check: e.target.value as ConditionDraft['check'] })}>
              <option value="regression">Regression against its baseline</option>
              <option value="pass_rate_below">Pass rate below a value</option>
              <option value="mean_below">Mean score below a value</option>
            </select>
          </Field>
          <Field label="Metric" field={at('metric')} errors={errors}>
            <select className={inputClass} value={draft.metric} onChange={(e) => set({ metric: e.target.value })}>
              {draft.check === 'regression' ? <option value="">Any metric</option> : <option value="">Choose a metric</option>}
              {options.metrics.map((m) => (
                <option key={m} value={m}>
                  {metricLabel(m)}
                </option>
              ))}
            </select>
          </Field>
          {draft.check === 'regression' ? (
            <Field label="Baseline" field={at('baselineRunId')} help="Each run is compared with it, conversations paired by their key." errors={errors}>
              <select className={inputClass} value={draft.baselineRunId} onChange={(e) => set({ baselineRunId: e.target.value })}>
                <option value="">The run before it on the same dataset</option>
                {options.baselineRuns
                  .filter((r) => !draft.datasetId || r.datasetId === draft.datasetId || r.id === draft.baselineRunId)
                  .map((r) => (
                    <option key={r.id} value={r.id}>
                      {r.label}
                    </option>
                  ))}
              </select>
            </Field>
          ) : (
            <Field label={draft.check === 'pass_rate_below' ? 'Pass rate below (%)' : 'Mean below'} field={at('value')} errors={errors}>
              <input className={inputClass} inputMode="decimal" placeholder={draft.check === 'pass_rate_below' ? 'e.g. 80' : 'e.g. 0.7'} value={draft.value} onChange={(e) => set({ value: e.target.value })} />
            </Field>
          )}
        </div>
      ) : null}

      {draft.kind === 'online_window' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Online rule" field={at('onlineRuleId')} errors={errors}>
            <select className={inputClass} value={draft.onlineRuleId} onChange={(e) => set({ onlineRuleId: e.target.value, metric: options.onlineRules.find((r) => r.id === e.target.value)?.metrics[0] ?? '' })}>
              <option value="">{options.onlineRules.length ? 'Choose an online rule' : 'No online rule yet'}</option>
              {options.onlineRules.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Metric" field={at('metric')} errors={errors}>
            <select className={inputClass} value={draft.metric} onChange={(e) => set({ metric: e.target.value })}>
              <option value="">Choose a metric</option>
              {(onlineRule?.metrics ?? []).map((m) => (
                <option key={m} value={m}>
                  {metricLabel(m)}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Pass rate below (%)" field={at('passRateBelow')} errors={errors}>
            <input className={inputClass} inputMode="decimal" value={draft.passRateBelow} onChange={(e) => set({ passRateBelow: e.target.value })} />
          </Field>
          <div className="grid grid-cols-2 gap-2">
            <Field label="Over the last" field={at('size')} errors={errors}>
              <input className={inputClass} inputMode="numeric" value={draft.size} onChange={(e) => set({ size: e.target.value })} />
            </Field>
            <Field label="Window" field={at('window')} errors={errors}>
              <select className={inputClass} value={draft.window} onChange={(e) => set({ window: e.target.value as ConditionDraft['window'] })}>
                <option value="conversations">conversations</option>
                <option value="hours">hours</option>
              </select>
            </Field>
          </div>
          <Field label="Minimum scored conversations" field={at('minCount')} help="Fewer in the window (errors left out) decide nothing: one bad conversation pages no one." errors={errors}>
            <input className={inputClass} inputMode="numeric" value={draft.minCount} onChange={(e) => set({ minCount: e.target.value })} />
          </Field>
        </div>
      ) : null}

      {draft.kind === 'judge_cost' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Spend of" field={at('onlineRuleId')} errors={errors}>
            <select className={inputClass} value={draft.onlineRuleId} onChange={(e) => set({ onlineRuleId: e.target.value })}>
              <option value="">The whole instance (runs started today, UTC)</option>
              {options.onlineRules.map((r) => (
                <option key={r.id} value={r.id} disabled={!r.hasCap}>
                  Online rule {r.name}
                  {r.hasCap ? ': its daily cap reached' : ' (no daily cap)'}
                </option>
              ))}
            </select>
          </Field>
          {draft.onlineRuleId ? null : (
            <Field label="Daily judge spend reaching (USD)" field={at('dailyUsd')} errors={errors}>
              <input className={inputClass} inputMode="decimal" placeholder="e.g. 20" value={draft.dailyUsd} onChange={(e) => set({ dailyUsd: e.target.value })} />
            </Field>
          )}
        </div>
      ) : null}

      {draft.kind === 'failure' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="What fails" field={at('of')} errors={errors}>
            <select className={inputClass} value={draft.of} onChange={(e) => set({ of: e.target.value as ConditionDraft['of'] })}>
              <option value="any">A run, a replay or an ingest</option>
              <option value="runs">A run</option>
              <option value="replays">A replay (or the start of its evaluation)</option>
              <option value="ingest">Ingest of received OpenTelemetry batches</option>
            </select>
          </Field>
          {draft.of === 'ingest' ? null : datasetSelect('Runs on it, or replays of it.')}
        </div>
      ) : null}
    </div>
  );
}
