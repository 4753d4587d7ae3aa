import { Badge, type BadgeTone } from '@/components/ui/badge';
import { replayStatusLabel } from '@/lib/replay/replay-status';

const tone: Record<string, BadgeTone> = {
  queued: 'slate',
  running: 'blue',
  finishing: 'blue',
  completed: 'green',
  completed_with_errors: 'amber',
  failed: 'red',
  cancelled: 'slate',
};

export function ReplayStatusBadge({ status }: { status: string }) {
  return <Badge tone={tone[status] ?? 'slate'}>{replayStatusLabel[status] ?? status}</Badge>;
}
