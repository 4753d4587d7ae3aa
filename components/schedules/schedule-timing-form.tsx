'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { FormMessage } from '@/components/admin/form-message';
import { Button } from '@/components/ui/button';
import type { FieldErrors } from '@/components/ui/form-styles';
import { updateScheduleAction } from '@/lib/actions/schedules';
import type { ActionResult } from '@/lib/actions/action-result';
import { ScheduleTimingFields, type ServerZone, type TimingValues } from './schedule-timing-fields';

/** A schedule's name and times, changed; what it starts stays (its starts stay comparable). */
export function ScheduleTimingForm({ scheduleId, initial, zone }: { scheduleId: string; initial: TimingValues; zone: ServerZone }) {
  const router = useRouter();
  const [value, setValue] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [state, setState] = useState<ActionResult>({ ok: true });
  const [pending, start] = useTransition();
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    start(async () => {
      const result = await updateScheduleAction(scheduleId, value);
      setErrors(result.fieldErrors ?? {});
      setState(result);
      if (result.ok) router.refresh();
    });
  };
  return (
    <form onSubmit={save} className="max-w-2xl space-y-3" noValidate aria-label="Schedule times">
      <ScheduleTimingFields
        value={value}
        onChange={(next) => {
          setValue(next);
          setErrors({});
        }}
        errors={errors}
        zone={zone}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? 'Saving…' : 'Save times'}
        </Button>
        <FormMessage state={state} />
      </div>
    </form>
  );
}
