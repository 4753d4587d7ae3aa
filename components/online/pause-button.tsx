'use client';

import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { setOnlineRuleEnabledAction } from '@/lib/actions/online-rules';

/** Pauses or resumes a rule. */
export function PauseButton({ ruleId, enabled }: { ruleId: string; enabled: boolean }) {
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <span className="inline-flex items-center gap-2">
      <Button
        disabled={pending}
        onClick={() =>
          start(async () => {
            const result = await setOnlineRuleEnabledAction(ruleId, !enabled);
            setError(result.ok ? null : (result.message ?? 'Could not change the rule'));
          })
        }
      >
        {enabled ? 'Pause' : 'Resume'}
      </Button>
      {error ? (
        <span role="alert" className="text-sm text-rose-700">
          {error}
        </span>
      ) : null}
    </span>
  );
}
