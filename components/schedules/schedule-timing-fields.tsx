'use client';

import { useMemo } from 'react';
import { FormField } from '@/components/replays/form-field';
import { inputClass, type FieldErrors } from '@/components/ui/form-styles';
import { checkCron, formatInZone, nextTimes } from '@/lib/schedules/cron';

export interface TimingValues {
  name: string;
  cron: string;
}

/** The server's timezone, as the page states it: times are read on its clock. */
export interface ServerZone {
  name: string;
  offset: string;
}

const PRESETS = [
  { cron: '0 2 * * *', label: 'Every day at 02:00' },
  { cron: '0 * * * *', label: 'Every hour' },
  { cron: '0 6 * * 1', label: 'Mondays at 06:00' },
  { cron: '0 3 1 * *', label: 'The 1st of each month at 03:00' },
];

/**
 * A schedule's name and times: the cron expression with, as it is typed, what it says in words
 * and its next three times on the server's clock (the same reading the server makes when it saves).
 */
export function ScheduleTimingFields({ value, onChange, errors, zone }: { value: TimingValues; onChange: (next: TimingValues) => void; errors: FieldErrors; zone: ServerZone }) {
  const checked = useMemo(() => checkCron(value.cron), [value.cron]);
  const upcoming = useMemo(() => {
    if (!checked.ok) return [];
    try {
      return nextTimes(checked.cron, new Date(), zone.name, 3).map((at) => formatInZone(at, zone.name));
    } catch {
      return [];
    }
  }, [checked, zone.name]);
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <legend className="px-1 text-sm font-semibold text-slate-700">Schedule</legend>
      <FormField id="schedule-name" label="Name" name="name" errors={errors}>
        <input id="schedule-name" type="text" value={value.name} maxLength={120} onChange={(e) => onChange({ ...value, name: e.target.value })} placeholder="e.g. Nightly support replay" className={inputClass} aria-invalid={errors.name ? true : undefined} />
      </FormField>
      <FormField
        id="schedule-cron"
        label="When (cron)"
        name="cron"
        errors={errors}
        help={
          <>
            Five fields: minute hour day-of-month month day-of-week. Times are the server&apos;s: <strong>{zone.name}</strong> ({zone.offset}).
          </>
        }
      >
        <input id="schedule-cron" type="text" value={value.cron} maxLength={100} onChange={(e) => onChange({ ...value, cron: e.target.value })} className={`${inputClass} font-mono`} aria-invalid={errors.cron ? true : undefined} aria-describedby="schedule-cron-preview" />
      </FormField>
      <div className="flex flex-wrap gap-1.5" aria-label="Common times">
        {PRESETS.map((p) => (
          <button key={p.cron} type="button" onClick={() => onChange({ ...value, cron: p.cron })} className="rounded-full border border-slate-300 bg-white px-2.5 py-0.5 text-xs text-slate-700 hover:bg-slate-50">
            {p.label}
          </button>
        ))}
      </div>
      <div id="schedule-cron-preview" aria-live="polite" className="rounded-md bg-slate-50 px-3 py-2 text-sm" data-testid="cron-preview">
        {checked.ok ? (
          <>
            <p className="font-medium text-slate-800">{checked.description}</p>
            {upcoming.length ? <p className="mt-0.5 text-xs text-slate-600">Next: {upcoming.join(' · ')} ({zone.name})</p> : null}
          </>
        ) : value.cron.trim() ? (
          <p className="text-rose-700">{checked.message}</p>
        ) : (
          <p className="text-slate-500">Give the times, or pick one above.</p>
        )}
      </div>
    </fieldset>
  );
}
