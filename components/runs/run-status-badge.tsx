import { Badge, type BadgeTone } from '@/components/ui/badge';
import { runStatusLabel } from '@/lib/format/format';

const tone: Record<string, BadgeTone> = {
  queued: 'slate',
  running: 'blue',
  completed: 'green',
  completed_with_errors: 'amber',
  failed: 'red',
  cancelled: 'slate',
};

export function RunStatusBadge({ status }: { status: string }) {
  return <Badge tone={tone[status] ?? 'slate'}>{runStatusLabel[status] ?? status}</Badge>;
}
