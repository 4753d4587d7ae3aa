'use client';

import { metricLabel } from '@/lib/format/format';
import type { FieldErrors } from '@/components/ui/form-styles';
import type { FormMetric, OptionValue } from './new-run-form-types';

interface Props {
  metric: FormMetric;
  total: number;
  /** The chosen judge is the offline one, which cannot score a metric that needs an LLM judge. */
  offlineJudge: boolean;
  selected: boolean;
  values: Record<string, OptionValue>;
  errors: FieldErrors;
  onToggle: (selected: boolean) => void;
  onChange: (key: string, value: OptionValue) => void;
}

/** One metric of the new-run form: whether to score it, and its options. */
export function NewRunFormMetric({ metric, total, offlineJudge, selected, values, errors, onToggle, onChange }: Props) {
  const applies = metric.conversations > 0;
  // An option can stand in for the data conversations lack (topic_adherence's relevant topics).
  const standIn = metric.fields.find((f) => f.key === metric.standInOption);
  const selectable = applies || standIn !== undefined;
  const id = `metric-${metric.name}`;
  return (
    <fieldset className={`rounded-lg border bg-white p-4 shadow-sm ${selected ? 'border-indigo-300' : 'border-slate-200'}`}>
      <legend className="sr-only">{metricLabel(metric.name)}</legend>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          checked={selected}
          disabled={!selectable}
          onChange={(e) => onToggle(e.target.checked)}
          aria-describedby={`${id}-applies`}
          className="mt-1 h-4 w-4 accent-indigo-600"
        />
        <div className={`flex-1 ${selectable ? '' : 'text-slate-400'}`}>
          <label htmlFor={id} className="font-medium">
            {metricLabel(metric.name)}
          </label>
          {metric.custom ? (
            <span className="ml-2 rounded bg-violet-50 px-1.5 py-0.5 text-xs text-violet-700">
              custom · v{metric.custom.version} · {metric.custom.scope === 'turn' ? 'each turn' : 'whole conversation'}
            </span>
          ) : null}
          <span id={`${id}-applies`} className="block text-xs text-slate-500">
            {standIn && selected && typeof values[standIn.key] === 'string' && (values[standIn.key] as string).trim() !== ''
              ? `Applies to ${total} of ${total} conversations (the ${standIn.label.toLowerCase()} below stand in where a conversation has none of its own)`
              : applies
                ? `Applies to ${metric.conversations} of ${total} conversations${
                    metric.conversations >= total ? '' : standIn ? ` (for the others, give the ${standIn.label.toLowerCase()} below)` : ` (the others lack ${metric.needs})`
                  }`
                : standIn
                  ? `No conversation has ${metric.needs.replace(/ or the .*$/, '')}: give the ${standIn.label.toLowerCase()} below to score every conversation`
                  : `No conversation has the data it needs: ${metric.needs}`}
          </span>
          {metric.notInDefaultSet && selectable && !selected ? (
            <span className="block text-xs text-slate-500" data-testid={`${id}-not-default`}>
              Not checked by default. {metric.notInDefaultSet}
            </span>
          ) : null}
          {metric.needsLlmJudge && offlineJudge ? (
            <span className="block text-xs text-amber-700" data-testid={`${id}-needs-llm-judge`}>
              Needs an LLM judge: the offline judge cannot score it.
            </span>
          ) : null}
        </div>
      </div>
      {selected ? (
        <div className="mt-3 grid gap-3 border-t border-slate-100 pt-3 sm:grid-cols-2">
          {metric.fields.map((field) => {
            const name = `metrics.${metric.name}.${field.key}`;
            const fieldErrors = errors[name];
            const value = values[field.key];
            const inputId = `${metric.name}-${field.key}`;
            if (field.kind === 'list') {
              return (
                <div key={field.key} className="text-sm sm:col-span-2">
                  <label htmlFor={inputId} className="font-medium text-slate-700">
                    {field.label}
                  </label>
                  <textarea
                    id={inputId}
                    name={name}
                    rows={3}
                    value={typeof value === 'string' ? value : ''}
                    onChange={(e) => onChange(field.key, e.target.value)}
                    aria-invalid={fieldErrors ? true : undefined}
                    aria-describedby={`${inputId}-help`}
                    className={`mt-1 block w-full rounded-md border px-2 py-1 ${fieldErrors ? 'border-rose-400' : 'border-slate-300'}`}
                  />
                  <span id={`${inputId}-help`} className="mt-0.5 block text-xs text-slate-500">
                    {field.help}
                  </span>
                  {fieldErrors ? (
                    <span role="alert" className="block text-xs text-rose-700">
                      {fieldErrors.join(' ')}
                    </span>
                  ) : null}
                </div>
              );
            }
            if (field.kind === 'boolean') {
              return (
                <div key={field.key} className="flex items-start gap-2 text-sm">
                  <input
                    id={inputId}
                    type="checkbox"
                    name={name}
                    checked={value === true}
                    onChange={(e) => onChange(field.key, e.target.checked)}
                    aria-describedby={`${inputId}-help`}
                    className="mt-0.5 h-4 w-4 accent-indigo-600"
                  />
                  <div>
                    <label htmlFor={inputId}>{field.label}</label>
                    <span id={`${inputId}-help`} className="block text-xs text-slate-500">
                      {field.help}
                    </span>
                  </div>
                </div>
              );
            }
            return (
              <div key={field.key} className="text-sm">
                <label htmlFor={inputId} className="font-medium text-slate-700">
                  {field.label}
                </label>
                <input
                  id={inputId}
                  type="number"
                  name={name}
                  value={typeof value === 'string' ? value : ''}
                  min={field.min}
                  max={field.max}
                  step={field.step ?? 'any'}
                  placeholder={field.defaultValue === null ? 'no limit' : String(field.defaultValue)}
                  onChange={(e) => onChange(field.key, e.target.value)}
                  aria-invalid={fieldErrors ? true : undefined}
                  aria-describedby={`${inputId}-help`}
                  className={`mt-1 block w-full rounded-md border px-2 py-1 tabular-nums ${fieldErrors ? 'border-rose-400' : 'border-slate-300'}`}
                />
                <span id={`${inputId}-help`} className="mt-0.5 block text-xs text-slate-500">
                  {field.help}
                </span>
                {fieldErrors ? (
                  <span role="alert" className="block text-xs text-rose-700">
                    {fieldErrors.join(' ')}
                  </span>
                ) : null}
              </div>
            );
          })}
        </div>
      ) : null}
    </fieldset>
  );
}
