'use client';

import { useState } from 'react';
import { NewReplayForm, type NewReplayFormOptions } from '@/components/replays/new-replay-form';
import { NewRunForm } from '@/components/runs/new-run-form';
import type { NewRunFormOptions } from '@/components/runs/new-run-form-types';
import type { FieldErrors } from '@/components/ui/form-styles';
import type { FormSubmit } from '@/components/ui/form-submit';
import { createScheduleAction } from '@/lib/actions/schedules';
import { ScheduleTimingFields, type ServerZone, type TimingValues } from './schedule-timing-fields';

type Props = { zone: ServerZone; initialName: string } & ({ kind: 'run'; options: NewRunFormOptions } | { kind: 'replay'; options: NewReplayFormOptions });

const TIMING = ['name', 'cron'];

/**
 * A new schedule: its name and times above the new-run or the replay form, whose request it
 * saves instead of starting it. Errors of the name and times show beside them; the rest the form
 * shows as it would for a start.
 */
export function NewScheduleForm(props: Props) {
  const [timing, setTiming] = useState<TimingValues>({ name: props.initialName, cron: '0 2 * * *' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = (next: TimingValues) => {
    setTiming(next);
    setErrors({});
  };
  const lead = <ScheduleTimingFields value={timing} onChange={change} errors={errors} zone={props.zone} />;
  function saveAs<Input>(): FormSubmit<Input> {
    return {
      label: 'Save schedule',
      busyLabel: 'Saving…',
      action: async (request) => {
        const result = await createScheduleAction({ ...timing, kind: props.kind, request });
        if (!result || result.ok) return result;
        const fieldErrors = result.fieldErrors ?? {};
        setErrors(Object.fromEntries(Object.entries(fieldErrors).filter(([key]) => TIMING.includes(key))));
        return { ...result, fieldErrors: Object.fromEntries(Object.entries(fieldErrors).filter(([key]) => !TIMING.includes(key))) };
      },
    };
  }
  return props.kind === 'run' ? <NewRunForm options={props.options} lead={lead} saveAs={saveAs()} /> : <NewReplayForm options={props.options} lead={lead} saveAs={saveAs()} />;
}
