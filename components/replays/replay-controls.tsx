'use client';

import Link from '@/components/ui/project-link';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { cancelReplayAction, rescoreReplayAction, retryReplayAction } from '@/lib/actions/replays';
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

/**
 * A replay whose new version was made but whose scoring failed: why, and the way on — score the
 * version again as the replay asked (nothing is generated again), or choose other metrics or
 * another judge for it on the new-run form.
 */
export function ScoreAgain({
  replay,
  mayChange,
  onChanged,
}: {
  replay: { id: string; datasetId: string | null; error: string | null; evaluation: { status: string } | null };
  mayChange: boolean;
  onChanged: () => void;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<string | null>(null);
  const why = replay.evaluation?.status === 'failed' ? 'The evaluation run failed (its page says why).' : (replay.error ?? 'Scoring the new version could not start.');
  const again = () =>
    startTransition(async () => {
      const result = await rescoreReplayAction(replay.id);
      setMessage(result.ok ? null : (result.message ?? 'The new version could not be scored.'));
      onChanged();
      router.refresh();
    });
  return (
    <div className="space-y-2 rounded-md bg-rose-50 p-3 text-sm" data-testid="replay-scoring-failed">
      <p className="text-rose-800">
        Every turn was generated and the new version is made, but it is not scored. <span className="break-words">{why}</span>
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {mayChange ? (
          <Button onClick={again} disabled={pending}>
            {pending ? 'Starting…' : 'Score it again'}
          </Button>
        ) : null}
        {replay.datasetId ? (
          <Link href={`/runs/new?dataset=${encodeURIComponent(replay.datasetId)}`} className={buttonClass('ghost')}>
            Choose other metrics or judge
          </Link>
        ) : null}
      </div>
      {message ? (
        <p role="alert" className="text-rose-700">
          {message}
        </p>
      ) : null}
    </div>
  );
}
