import { Badge, type BadgeTone } from '@/components/ui/badge';
import { isLiveReplay, replayStatusLabel } from '@/lib/replay/replay-status';

const tone: Record<string, BadgeTone> = {
  queued: 'slate',
  running: 'blue',
  finishing: 'blue',
  completed: 'green',
  completed_with_errors: 'amber',
  scoring_failed: 'red',
  failed: 'red',
  cancelled: 'slate',
};

export function ReplayStatusBadge({ status, testId }: { status: string; testId?: string }) {
  return (
    <Badge tone={tone[status] ?? (isLiveReplay(status) ? 'blue' : 'slate')}>
      <span data-testid={testId}>{replayStatusLabel[status] ?? status}</span>
    </Badge>
  );
}
