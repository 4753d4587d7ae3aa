'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { deleteScheduleAction, runScheduleNowAction, setScheduleEnabledAction } from '@/lib/actions/schedules';
import type { ActionResult } from '@/lib/actions/action-result';

/** Run now, pause or resume, delete: what an editor who may change a schedule does on its page. */
export function ScheduleControls({ schedule }: { schedule: { id: string; name: string; enabled: boolean } }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [outcome, setOutcome] = useState<ActionResult | null>(null);
  const [confirming, setConfirming] = useState(false);
  const act = (action: () => Promise<ActionResult>) =>
    start(async () => {
      const result = await action();
      setOutcome(result);
      router.refresh();
    });
  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" disabled={pending} onClick={() => act(() => runScheduleNowAction(schedule.id))}>
          Run now
        </Button>
        <Button disabled={pending} onClick={() => act(() => setScheduleEnabledAction(schedule.id, !schedule.enabled))}>
          {schedule.enabled ? 'Pause' : 'Resume'}
        </Button>
        <Button variant="ghost" disabled={pending} onClick={() => setConfirming(true)}>
          Delete
        </Button>
      </div>
      {outcome?.message ? (
        <p role={outcome.ok ? 'status' : 'alert'} className={`max-w-md text-right text-sm ${outcome.ok ? 'text-emerald-700' : 'text-rose-700'}`}>
          {outcome.message}
        </p>
      ) : null}
      <ConfirmDialog open={confirming} onClose={() => setConfirming(false)} title={`Delete ${schedule.name}?`}>
        <p className="text-sm text-slate-600">It starts nothing more, and the record of its starts goes with it. The replays and runs it started stay.</p>
        <div className="flex justify-end gap-2">
          <Button onClick={() => setConfirming(false)}>Keep it</Button>
          <Button variant="danger" disabled={pending} onClick={() => act(() => deleteScheduleAction(schedule.id))}>
            {pending ? 'Deleting…' : 'Delete schedule'}
          </Button>
        </div>
      </ConfirmDialog>
    </div>
  );
}
