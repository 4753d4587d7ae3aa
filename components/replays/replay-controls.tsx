'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { cancelReplayAction, retryReplayAction } from '@/lib/actions/replays';
import { isLiveReplay, mayRetryReplay } from '@/lib/replay/replay-status';

/** Cancel while the replay goes on; once it ended with turns left, generate them again. */
export function ReplayControls({ replay, onChanged }: { replay: { id: string; status: string; errors: number }; onChanged: () => void }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<string | null>(null);
  const act = (action: (id: string) => Promise<{ ok: boolean; message?: string }>, refused: string) =>
    startTransition(async () => {
      const result = await action(replay.id);
      setMessage(result.ok ? null : (result.message ?? refused));
      onChanged();
      router.refresh();
    });

  const live = isLiveReplay(replay.status);
  const retry = mayRetryReplay(replay.status);
  if (!live && !retry) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      {live && replay.status !== 'finishing' ? (
        <Button onClick={() => act(cancelReplayAction, 'The replay could not be cancelled.')} disabled={pending}>
          {pending ? 'Cancelling…' : 'Cancel replay'}
        </Button>
      ) : null}
      {retry ? (
        <Button onClick={() => act(retryReplayAction, 'The turns could not be queued again.')} disabled={pending}>
          {pending ? 'Queuing…' : replay.errors > 0 ? `Retry errored turns (${replay.errors.toLocaleString('en-US')})` : 'Generate the remaining turns'}
        </Button>
      ) : null}
      {message ? (
        <span role="alert" className="text-rose-700">
          {message}
        </span>
      ) : null}
    </div>
  );
}
