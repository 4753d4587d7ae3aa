'use client';

import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { errorsOf, FieldError, FormError } from '@/components/ui/field-error';
import type { FieldErrors } from '@/components/ui/form-styles';
import { saveOnlineRuleAction } from '@/lib/actions/online-rules';
import type { JudgeInfo } from '@/lib/judge/config';
import { JudgeScope } from '@/components/judges/judge-scope';
import { metricLabel } from '@/lib/format/format';
import { offlineJudgeRefusal } from '@/lib/metrics/llm-judge-refusal';

export interface RuleFormValue {
  name: string;
  datasetIds: string[];
  metrics: { name: string; options: Record<string, unknown> }[];
  judge: { kind: 'offline' } | { kind: 'openai'; name?: string; model?: string };
  /** Null on a new rule: the form makes the user choose. */
  sampleRate: number | null;
  idleMinutes: number;
  dailyCapUsd: number | null;
  dailyCapCalls: number | null;
  dailyCapTokens: number | null;
  versionAttribute: string | null;
  enabled: boolean;
}

export interface RuleFormProps {
  ruleId: string | null;
  initial: RuleFormValue;
  liveDatasets: { datasetId: string; name: string }[];
  metrics: { name: string; custom: boolean; needsLlmJudge: boolean }[];
  judges: JudgeInfo[];
}

const input = 'mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm shadow-sm focus:border-indigo-500 focus:outline-none';

type NumberText = Record<'sampleRate' | 'idleMinutes' | 'dailyCapUsd' | 'dailyCapCalls' | 'dailyCapTokens', string>;

/** A number typed as text (the server says what is wrong with it), with its help and its errors. */
function NumberField(props: { label: string; field: keyof NumberText; inputMode: 'decimal' | 'numeric'; placeholder?: string; help: string; text: NumberText; setText: (text: NumberText) => void; errors: FieldErrors }) {
  const { label, field, inputMode, placeholder, help, text, setText, errors } = props;
  return (
    <div>
      <label className="block text-sm font-medium text-slate-700">
        {label}
        <input className={input} inputMode={inputMode} placeholder={placeholder} value={text[field]} onChange={(e) => setText({ ...text, [field]: e.target.value })} aria-invalid={errorsOf(errors, field).length > 0} />
      </label>
      <p className="mt-1 text-xs text-slate-500">{help}</p>
      <FieldError errors={errors} field={field} />
    </div>
  );
}

const judgeKey = (judge: RuleFormValue['judge']) => (judge.kind === 'offline' ? 'offline' : `${judge.name ?? 'openai'}::${judge.model ?? ''}`);

/** Create or edit an online evaluation rule. */
export function RuleForm({ ruleId, initial, liveDatasets, metrics, judges }: RuleFormProps) {
  const [value, setValue] = useState(initial);
  const optional = (value: number | null) => (value === null ? '' : String(value));
  const [text, setText] = useState<NumberText>({
    sampleRate: optional(initial.sampleRate),
    idleMinutes: String(initial.idleMinutes),
    dailyCapUsd: optional(initial.dailyCapUsd),
    dailyCapCalls: optional(initial.dailyCapCalls),
    dailyCapTokens: optional(initial.dailyCapTokens),
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, startSubmit] = useTransition();
  const set = (patch: Partial<RuleFormValue>) => setValue((v) => ({ ...v, ...patch }));
  const fieldProps = { text, setText, errors };
  const judgeOptions = judges.flatMap((j) =>
    j.kind === 'offline' ? [{ key: 'offline', label: j.label, disabled: false }] : j.models.map((m) => ({ key: `${j.name}::${m}`, label: `${j.label} · ${m}`, disabled: !j.available })),
  );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = {
      ...value,
      // Text stays text here: the server says what is wrong with it, beside its input.
      sampleRate: text.sampleRate.trim() === '' ? undefined : text.sampleRate,
      idleMinutes: text.idleMinutes.trim() === '' ? undefined : text.idleMinutes,
      dailyCapUsd: text.dailyCapUsd.trim() === '' ? null : text.dailyCapUsd,
      dailyCapCalls: text.dailyCapCalls.trim() === '' ? null : text.dailyCapCalls,
      dailyCapTokens: text.dailyCapTokens.trim() === '' ? null : text.dailyCapTokens,
      versionAttribute: value.versionAttribute?.trim() ? value.versionAttribute.trim() : null,
    };
    startSubmit(async () => {
      const result = await saveOnlineRuleAction(ruleId, body);
      if (result && !result.ok) {
        setErrors(result.fieldErrors ?? {});
        setMessage(result.message ?? 'The rule could not be saved.');
      }
    });
  };

  // The server refuses the same pair in the same words; said here before the rule is saved.
  const refusal = offlineJudgeRefusal(value.judge.kind, metrics.filter((m) => value.metrics.some((s) => s.name === m.name)));
  const toggleMetric = (name: string, on: boolean) => set({ metrics: on ? [...value.metrics, { name, options: {} }] : value.metrics.filter((m) => m.name !== name) });
  const setThreshold = (name: string, threshold: string) =>
    set({ metrics: value.metrics.map((m) => (m.name === name ? { ...m, options: threshold.trim() === '' ? {} : { ...m.options, threshold: Number(threshold) } } : m)) });

  return (
    <form onSubmit={submit} noValidate aria-label={ruleId ? 'Edit rule' : 'New rule'} className="max-w-3xl space-y-6">
      <FormError message={message} />
      <fieldset className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <legend className="px-1 text-sm font-semibold text-slate-700">Rule</legend>
        <label className="block text-sm font-medium text-slate-700">
          Name
          <input className={input} value={value.name} onChange={(e) => set({ name: e.target.value })} aria-invalid={errorsOf(errors, 'name').length > 0} />
        </label>
        <FieldError errors={errors} field="name" />
        <div>
          <p className="text-sm font-medium text-slate-700">Live datasets</p>
          {liveDatasets.length === 0 ? (
            <p className="mt-1 text-sm text-slate-500">No live dataset yet: point an OpenTelemetry exporter at this dashboard first (see docs/online-evaluation.md).</p>
          ) : (
            <div className="mt-1 space-y-1">
              {liveDatasets.map((d) => (
                <label key={d.datasetId} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-indigo-600"
                    checked={value.datasetIds.includes(d.datasetId)}
                    onChange={(e) => set({ datasetIds: e.target.checked ? [...value.datasetIds, d.datasetId] : value.datasetIds.filter((id) => id !== d.datasetId) })}
                  />
                  {d.name}
                </label>
              ))}
            </div>
          )}
          <FieldError errors={errors} field="datasetIds" />
        </div>
      </fieldset>

      <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <legend className="px-1 text-sm font-semibold text-slate-700">Metrics and judge</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {metrics.map((m) => {
            const chosen = value.metrics.find((s) => s.name === m.name);
            return (
              <div key={m.name} className="flex flex-wrap items-center gap-2 text-sm">
                <label className="flex items-center gap-2">
                  <input type="checkbox" className="h-4 w-4 accent-indigo-600" checked={!!chosen} onChange={(e) => toggleMetric(m.name, e.target.checked)} />
                  {m.custom ? m.name : metricLabel(m.name)}
                  {m.custom ? <span className="text-xs text-slate-500">custom</span> : null}
                  {m.needsLlmJudge ? <span className="text-xs text-slate-500">LLM judge</span> : null}
                </label>
                {chosen ? (
                  <input
                    aria-label={`${m.name} threshold`}
                    placeholder="threshold"
                    inputMode="decimal"
                    className="w-24 rounded border border-slate-300 px-1.5 py-0.5 text-xs"
                    defaultValue={typeof chosen.options.threshold === 'number' ? String(chosen.options.threshold) : ''}
                    onChange={(e) => setThreshold(m.name, e.target.value)}
                  />
                ) : null}
              </div>
            );
          })}
        </div>
        <FieldError errors={errors} field="metrics" />
        <label className="block text-sm font-medium text-slate-700">
          Judge
          <select
            className={input}
            value={judgeKey(value.judge)}
            onChange={(e) => {
              const [name, model] = e.target.value.split('::');
              set({ judge: e.target.value === 'offline' ? { kind: 'offline' } : { kind: 'openai', name, model } });
            }}
          >
            {judgeOptions.map((o) => (
              <option key={o.key} value={o.key} disabled={o.disabled}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        {value.judge.kind === 'offline' ? <JudgeScope judge={judges.find((j) => j.kind === 'offline') ?? { scope: null }} /> : null}
        <FieldError errors={errors} field="judge" />
        {refusal ? (
          <p role="alert" className="text-xs text-rose-700" data-testid="needs-llm-judge-refusal">
            {refusal}
          </p>
        ) : null}
      </fieldset>

      <fieldset className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold text-slate-700">When and how much</legend>
        <NumberField label="Sample rate (%)" field="sampleRate" inputMode="decimal" placeholder="e.g. 10" help="The share of closed conversations the judge scores, chosen by a hash of the conversation id: the same conversation is always in or out." {...fieldProps} />
        <NumberField label="Idle time (minutes)" field="idleMinutes" inputMode="numeric" help="A conversation without new spans for this long counts as closed and is scored." {...fieldProps} />
        <NumberField label="Daily cost cap (USD)" field="dailyCapUsd" inputMode="decimal" placeholder="no cap" help="Once a UTC day's judge spend reaches it, scoring pauses until the next day." {...fieldProps} />
        <NumberField label="Daily cap in judge calls" field="dailyCapCalls" inputMode="numeric" placeholder="no cap" help="A judge whose model has no known price (a local model) needs a cap in calls or tokens: its spend counts as $0." {...fieldProps} />
        <NumberField label="Daily cap in judge tokens" field="dailyCapTokens" inputMode="numeric" placeholder="no cap" help="Prompt and completion tokens of a UTC day's judge calls." {...fieldProps} />
        <div>
          <label className="block text-sm font-medium text-slate-700">
            Model version attribute
            <input className={input} placeholder="e.g. service.version" value={value.versionAttribute ?? ''} onChange={(e) => set({ versionAttribute: e.target.value })} aria-invalid={errorsOf(errors, 'versionAttribute').length > 0} />
          </label>
          <p className="mt-1 text-xs text-slate-500">The span (or resource) attribute whose value labels each run&apos;s model version.</p>
          <FieldError errors={errors} field="versionAttribute" />
        </div>
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input type="checkbox" className="h-4 w-4 accent-indigo-600" checked={value.enabled} onChange={(e) => set({ enabled: e.target.checked })} />
          Enabled (unchecked: paused)
        </label>
      </fieldset>
      <Button type="submit" variant="primary" disabled={pending || refusal !== null}>
        {pending ? 'Saving…' : ruleId ? 'Save rule' : 'Create rule'}
      </Button>
    </form>
  );
}
