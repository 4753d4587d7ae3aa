'use client';

import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { deleteAlertRuleAction, sendTestAlertAction, setAlertRuleEnabledAction } from '@/lib/actions/alerts';

/** Send test (its outcome said beside it), pause or resume, delete. */
export function AlertRuleActions({ ruleId, name, enabled }: { ruleId: string; name: string; enabled: boolean }) {
  const [pending, start] = useTransition();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const run = (action: () => Promise<{ ok: boolean; message?: string }>, fallback: string) =>
    start(async () => {
      const result = await action();
      setOutcome(result.message || !result.ok ? { ok: result.ok, message: result.message ?? fallback } : null);
    });
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-end gap-2">
        <Button disabled={pending} onClick={() => run(() => sendTestAlertAction(ruleId), 'The test could not be sent')}>
          {pending ? 'Working…' : 'Send test'}
        </Button>
        <Button disabled={pending} onClick={() => run(() => setAlertRuleEnabledAction(ruleId, !enabled), 'Could not change the rule')}>
          {enabled ? 'Pause' : 'Resume'}
        </Button>
        <Button variant="ghost" className="text-rose-700" onClick={() => setConfirming(true)}>
          Delete
        </Button>
      </div>
      {outcome ? (
        <p role="status" data-testid="alert-action-outcome" className={`text-right text-sm ${outcome.ok ? 'text-emerald-700' : 'text-rose-700'}`}>
          {outcome.message}
        </p>
      ) : null}
      <ConfirmDialog open={confirming} onClose={() => setConfirming(false)} title={`Delete the alert rule “${name}”?`}>
        <p className="text-sm text-slate-700">Its history goes with it; alerts not delivered yet are not sent.</p>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
          <Button variant="danger" disabled={pending} onClick={() => run(() => deleteAlertRuleAction(ruleId), 'Could not delete the rule')}>
            Delete rule
          </Button>
        </div>
      </ConfirmDialog>
    </div>
  );
}
