'use client';

import { useEffect, useMemo, useRef, useState, useTransition } from 'react';
import { previewRunAction, startRunAction, type RunPreview, type RunRequestInput } from '@/lib/actions/runs';
import { NewRunFormMetric } from './new-run-form-metric';
import { NewRunFormPreview } from './new-run-form-preview';
import type { MetricName } from '@/lib/metrics/types';
import { customMetricsOnOfflineJudge, customMetricsRefusal } from '@/lib/metrics/g-eval/needs-llm-judge';
import type { JudgeInfo } from '@/lib/judge/config';
import type { MetricOptionField } from '@/lib/runs/metric-option-fields';
import type { NewRunMetric, NewRunOptions } from '@/lib/runs/new-run-options';

// The plain data the form receives, named by the server modules that build it: type-only
// imports are erased, so no server code reaches the browser (eslint's client-boundary rule).
export type { MetricName };
export type OptionField = MetricOptionField;
export type FormMetric = NewRunMetric;
export type FormJudge = JudgeInfo;
export type NewRunFormOptions = NewRunOptions;

/** An option's value as typed: text for numbers (validated on the server), a flag for switches. */
export type OptionValue = string | boolean;
export type FieldErrors = Record<string, string[]>;

type Values = Record<string, Record<string, OptionValue>>;

function initialValues(metrics: FormMetric[]): Values {
  return Object.fromEntries(
    metrics.map((m) => [
      m.name,
      Object.fromEntries(m.fields.map((f) => [f.key, typeof f.defaultValue === 'boolean' ? f.defaultValue : f.defaultValue === null ? '' : String(f.defaultValue)])),
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

/** The new-run form: metrics and their options, judge, concurrency, model version, and the cost estimate. */
export function NewRunForm({ options }: { options: NewRunFormOptions }) {
  const [selected, setSelected] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(
      options.metrics.map((m) => [m.name, m.custom === null && m.conversations > 0 && !(m.needsLlmJudge && options.judges.find((j) => j.name === options.defaultJudge)?.kind === 'offline')]),
    ),
  );
  const [values, setValues] = useState<Values>(() => initialValues(options.metrics));
  const [judgeName, setJudgeName] = useState(options.defaultJudge);
  const judge = options.judges.find((j) => j.name === judgeName) ?? options.judges[0];
  const [model, setModel] = useState(judge.defaultModel);
  const [concurrency, setConcurrency] = useState(String(options.defaultConcurrency));
  const [samples, setSamples] = useState('1');
  const [temperature, setTemperature] = useState('0.7');
  const [modelVersion, setModelVersion] = useState(options.dataset.modelVersion ?? '');
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
      judge: judge.kind === 'offline' ? { kind: 'offline' } : { kind: 'openai', name: judge.name, model },
      concurrency: Number(concurrency.trim() === '' ? NaN : concurrency),
      samples: Number(samples.trim() === '' ? 1 : samples),
      ...(Number(samples) > 1 && temperature.trim() !== '' ? { temperature: Number(temperature) } : {}),
      modelVersion,
    }),
    [options, selected, values, judge, model, concurrency, samples, temperature, modelVersion],
  );

  const preview = usePreview(input);
  // A refusal is about what was sent: once the input changes, the live estimate's checks take over.
  const inputKey = JSON.stringify(input);
  useEffect(() => {
    setErrors({});
    setMessage(null);
  }, [inputKey]);
  // Known here without asking the server: the offline judge cannot score a custom metric.
  const offlineCustom = customMetricsOnOfflineJudge(judge.kind, options.metrics.filter((m) => selected[m.name]));
  const refusal = offlineCustom.length > 0 ? customMetricsRefusal(offlineCustom) : null;
  const merged: FieldErrors = { ...preview.fieldErrors, ...errors };
  const shownErrors: FieldErrors = { ...merged, ...(merged.metrics ? { metrics: merged.metrics.filter((m) => m !== refusal) } : {}) };

  const chooseJudge = (name: string) => {
    const next = options.judges.find((j) => j.name === name);
    if (!next) return;
    setJudgeName(name);
    setModel(next.defaultModel);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    startSubmit(async () => {
      const result = await startRunAction(input);
      // On success the action opens the run's page; only a refusal comes back.
      if (result && !result.ok) {
        setErrors(result.fieldErrors ?? {});
        setMessage(result.message ?? 'The run could not be started.');
      }
    });
  };

  const inputClass = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm';
  return (
    <form onSubmit={submit} className="grid gap-6 lg:grid-cols-3" noValidate>
      <div className="space-y-3 lg:col-span-2">
        <h2 className="text-lg font-semibold">Metrics</h2>
        {refusal ? (
          <p role="alert" className="rounded-md border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-800" data-testid="custom-needs-llm-judge">
            {refusal}
          </p>
        ) : null}
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
          <div className="text-sm">
            <label htmlFor="run-judge" className="font-medium text-slate-700">
              Judge
            </label>
            <select id="run-judge" name="judge" value={judge.name} onChange={(e) => chooseJudge(e.target.value)} className={inputClass}>
              {options.judges.map((j) => (
                <option key={j.name} value={j.name} disabled={!j.available}>
                  {j.kind === 'offline' ? 'Offline (rules, no key)' : j.name}
                  {j.available ? '' : ' (no API key on the server)'}
                </option>
              ))}
            </select>
            {shownErrors.judge ? <span className="block text-xs text-rose-700">{shownErrors.judge.join(' ')}</span> : null}
          </div>
          <div className="text-sm">
            <label htmlFor="run-model" className="font-medium text-slate-700">
              Judge model
            </label>
            <select id="run-model" name="model" value={model} onChange={(e) => setModel(e.target.value)} disabled={judge.models.length < 2} className={inputClass}>
              {judge.models.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </div>
          <div className="text-sm">
            <label htmlFor="run-concurrency" className="font-medium text-slate-700">
              Concurrency
            </label>
            <input
              id="run-concurrency"
              name="concurrency"
              type="number"
              min={1}
              max={64}
              value={concurrency}
              onChange={(e) => setConcurrency(e.target.value)}
              aria-invalid={shownErrors.concurrency ? true : undefined}
              className={inputClass}
            />
            <span className="block text-xs text-slate-500">Results scored at once, and judge requests in flight.</span>
            {shownErrors.concurrency ? <span className="block text-xs text-rose-700">{shownErrors.concurrency.join(' ')}</span> : null}
          </div>
          <div className="text-sm">
            <label htmlFor="run-samples" className="font-medium text-slate-700">
              Samples per item
            </label>
            <input
              id="run-samples"
              name="samples"
              type="number"
              min={1}
              max={9}
              value={samples}
              onChange={(e) => setSamples(e.target.value)}
              aria-invalid={shownErrors.samples ? true : undefined}
              aria-describedby="run-samples-help"
              className={inputClass}
            />
            <span id="run-samples-help" className="block text-xs text-slate-500">
              Above 1, the judge is asked that many times (at the temperature below); each turn keeps the majority, and turns where fewer than 80% agree are marked
              unstable.
            </span>
            {shownErrors.samples ? <span className="block text-xs text-rose-700">{shownErrors.samples.join(' ')}</span> : null}
          </div>
          {Number(samples) > 1 ? (
            <div className="text-sm">
              <label htmlFor="run-temperature" className="font-medium text-slate-700">
                Judge temperature
              </label>
              <input
                id="run-temperature"
                name="temperature"
                type="number"
                min={0}
                max={2}
                step={0.1}
                value={temperature}
                onChange={(e) => setTemperature(e.target.value)}
                aria-invalid={shownErrors.temperature ? true : undefined}
                className={inputClass}
              />
              {shownErrors.temperature ? <span className="block text-xs text-rose-700">{shownErrors.temperature.join(' ')}</span> : null}
            </div>
          ) : null}
          <div className="text-sm">
            <label htmlFor="run-modelVersion" className="font-medium text-slate-700">
              Model version under test
            </label>
            <input
              id="run-modelVersion"
              name="modelVersion"
              type="text"
              value={modelVersion}
              placeholder="e.g. support-bot v2.3"
              onChange={(e) => setModelVersion(e.target.value)}
              className={inputClass}
            />
            <span className="block text-xs text-slate-500">A label to compare runs by.</span>
            {shownErrors.modelVersion ? <span className="block text-xs text-rose-700">{shownErrors.modelVersion.join(' ')}</span> : null}
          </div>
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
          {submitting ? 'Starting…' : 'Start run'}
        </button>
      </div>
    </form>
  );
}

/** The server's estimate for the current input, asked again 400 ms after the last change. */
interface PreviewState {
  data: RunPreview | null;
  loading: boolean;
  error: string | null;
  fieldErrors?: FieldErrors;
}

function usePreview(input: RunRequestInput): PreviewState {
  const [state, setState] = useState<PreviewState>({ data: null, loading: true, error: null });
  const latest = useRef(0);
  // Concurrency and the version label change nothing in the estimate: no new request for them.
  const key = JSON.stringify({ ...input, concurrency: 1, modelVersion: undefined });
  useEffect(() => {
    const request = ++latest.current;
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(async () => {
      const parsed = JSON.parse(key) as RunRequestInput;
      if (parsed.metrics.length === 0) {
        setState({ data: null, loading: false, error: null });
        return;
      }
      try {
        const result = await previewRunAction(parsed);
        if (request !== latest.current) return;
        if (result.ok && result.preview) setState({ data: result.preview, loading: false, error: null });
        else
          setState({
            data: null,
            loading: false,
            error: result.message ?? 'Fix the highlighted fields to see the estimate.',
            fieldErrors: result.fieldErrors,
          });
      } catch {
        if (request === latest.current) setState((s) => ({ ...s, loading: false, error: 'The estimate could not be computed.' }));
      }
    }, 400);
    return () => clearTimeout(timer);
  }, [key]);
  return state;
}
