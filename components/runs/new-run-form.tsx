'use client';

import { useEffect, useMemo, useState, useTransition } from 'react';
import { JudgePicker, useJudgeChoice } from '@/components/judges/judge-picker';
import { startRunAction } from '@/lib/actions/runs';
import { type RunRequestInput } from '@/lib/runs/request/run-request';
import { offlineJudgeRefusal } from '@/lib/metrics/llm-judge-refusal';
import { NewRunFormExecution as ExecutionFields, useExecutionSettings } from './new-run-form-execution';
import { NewRunFormMetric } from './new-run-form-metric';
import { NewRunFormPreview } from './new-run-form-preview';
import { ScoreAgainNote } from './score-again-note';
import { FormError } from '@/components/ui/field-error';
import type { FieldErrors } from '@/components/ui/form-styles';
import type { FormSubmit } from '@/components/ui/form-submit';
import type { FormMetric, NewRunFormOptions, OptionField, OptionValue } from './new-run-form-types';
import { useRunPreview } from './use-run-preview';

type Values = Record<string, Record<string, OptionValue>>;

/** Each option's value as the form starts: the run scored again used it, else the metric's default. */
function initialValues(metrics: FormMetric[], preset: NewRunFormOptions['scoreAgain']): Values {
  const shown = (value: unknown): OptionValue | null => (typeof value === 'boolean' ? value : typeof value === 'number' ? String(value) : null);
  return Object.fromEntries(
    metrics.map((m) => [
      m.name,
      Object.fromEntries(m.fields.map((f) => [f.key, shown(preset?.metrics[m.name]?.[f.key]) ?? shown(f.defaultValue) ?? ''])),
    ]),
  );
}

/**
 * A typed number as a number; a list as its non-blank lines; blank is unset; anything else goes
 * as typed, for the server to reject.
 */
function optionValue(value: OptionValue, field: OptionField | undefined): unknown {
  if (typeof value === 'boolean') return value;
  if (field?.kind === 'list') {
    const items = value.split('\n').map((line) => line.trim()).filter((line) => line !== '');
    return items.length > 0 ? items : undefined;
  }
  const text = value.trim();
  if (text === '') return undefined;
  const number = Number(text);
  return Number.isFinite(number) ? number : text;
}

/**
 * The new-run form: metrics and their options, judge, concurrency, model version, and the cost
 * estimate. With `saveAs` it saves the request elsewhere (a schedule) instead of starting it;
 * `lead` goes above the metrics (the schedule's own fields).
 */
export function NewRunForm({ options, saveAs, lead }: { options: NewRunFormOptions; saveAs?: FormSubmit<RunRequestInput>; lead?: React.ReactNode }) {
  const preset = options.scoreAgain;
  // The default set, decided on the server (preselectMetric): nothing the user would have to uncheck on good data;
  // scoring an imported run again preselects the metrics that run had.
  const [selected, setSelected] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(options.metrics.map((m) => [m.name, preset ? m.name in preset.metrics && m.conversations > 0 : m.preselected])),
  );
  const [values, setValues] = useState<Values>(() => initialValues(options.metrics, preset));
  const judgeChoice = useJudgeChoice(options.judges, options.defaultJudge);
  const { judge } = judgeChoice;
  const execution = useExecutionSettings(options.defaultConcurrency, preset?.modelVersion ?? options.dataset.modelVersion ?? '');
  const { concurrency, samples, temperature, modelVersion } = execution;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [submitting, startSubmit] = useTransition();

  const input: RunRequestInput = useMemo(
    () => ({
      datasetId: options.dataset.id,
      metrics: options.metrics
        .filter((m) => selected[m.name])
        .map((m) => ({
          name: m.name,
          options: Object.fromEntries(Object.entries(values[m.name]).map(([k, v]) => [k, optionValue(v, m.fields.find((f) => f.key === k))])),
          // The version the form showed, even if someone saves a newer one meanwhile.
          ...(m.custom ? { version: m.custom.version } : {}),
        })),
      judge: judgeChoice.request,
      concurrency: Number(concurrency.trim() === '' ? NaN : concurrency),
      samples: Number(samples.trim() === '' ? 1 : samples),
      ...(Number(samples) > 1 && temperature.trim() !== '' ? { temperature: Number(temperature) } : {}),
      modelVersion,
    }),
    [options, selected, values, judgeChoice.request, concurrency, samples, temperature, modelVersion],
  );

  const preview = useRunPreview(input);
  // A refusal is about what was sent: once the input changes, the live estimate's checks take over.
  const inputKey = JSON.stringify(input);
  useEffect(() => {
    setErrors({});
    setMessage(null);
  }, [inputKey]);
  // Known here without asking the server, in the server's own words: the offline judge cannot score these metrics.
  const refusal = offlineJudgeRefusal(judge.kind, options.metrics.filter((m) => selected[m.name]));
  const merged: FieldErrors = { ...preview.fieldErrors, ...errors };
  const shownErrors: FieldErrors = { ...merged, ...(merged.metrics ? { metrics: merged.metrics.filter((m) => m !== refusal) } : {}) };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    startSubmit(async () => {
      const result = saveAs ? await saveAs.action(input) : await startRunAction(input);
      // On success the action opens the run's page; only a refusal comes back.
      if (result && !result.ok) {
        setErrors(result.fieldErrors ?? {});
        setMessage(result.message ?? (saveAs ? 'It could not be saved.' : 'The run could not be started.'));
      }
    });
  };

  const inputClass = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm';
  return (
    <form onSubmit={submit} className="grid gap-6 lg:grid-cols-3" noValidate>
      <div className="space-y-3 lg:col-span-2">
        {lead}
        {preset ? <ScoreAgainNote preset={preset} metrics={options.metrics} /> : null}
        <h2 className="text-lg font-semibold">Metrics</h2>
        <FormError message={refusal} testId="needs-llm-judge-refusal" />
        {shownErrors.metrics?.length ? <p className="text-sm text-rose-700">{shownErrors.metrics.join(' ')}</p> : null}
        {options.metrics.map((metric) => (
          <NewRunFormMetric
            key={metric.name}
            metric={metric}
            total={options.dataset.conversationCount}
            offlineJudge={judge.kind === 'offline'}
            selected={!!selected[metric.name]}
            values={values[metric.name]}
            errors={shownErrors}
            onToggle={(on) => setSelected((s) => ({ ...s, [metric.name]: on }))}
            onChange={(key, value) => setValues((v) => ({ ...v, [metric.name]: { ...v[metric.name], [key]: value } }))}
          />
        ))}
      </div>

      <div className="space-y-4 lg:sticky lg:top-6 lg:self-start">
        <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <h2 className="text-sm font-semibold text-slate-700">Judge and execution</h2>
          {options.judgeConfigError ? (
            <p className="text-xs text-amber-800">Only the offline judge is offered: {options.judgeConfigError}</p>
          ) : null}
          <JudgePicker
            choice={judgeChoice}
            judges={options.judges}
            ids={{ judge: 'run-judge', model: 'run-model' }}
            names={{ judge: 'judge', model: 'model' }}
            modelSelect="always"
            labelClass="font-medium text-slate-700"
            inputClass={inputClass}
            error={shownErrors.judge ? <span className="block text-xs text-rose-700">{shownErrors.judge.join(' ')}</span> : null}
          />
          <ExecutionFields settings={execution} errors={shownErrors} inputClass={inputClass} />
        </section>

        <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm" aria-label="Estimate">
          <h2 className="text-sm font-semibold text-slate-700">Estimate</h2>
          <NewRunFormPreview preview={preview.data} loading={preview.loading} error={preview.error} />
        </section>

        {message && message !== refusal ? (
          <p role="alert" className="text-sm text-rose-700">
            {message}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={submitting || refusal !== null}
          className="w-full rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700 disabled:opacity-60"
        >
          {submitting ? (saveAs?.busyLabel ?? 'Starting…') : (saveAs?.label ?? 'Start run')}
        </button>
      </div>
    </form>
  );
}
