import { Badge } from '@/components/ui/badge';

/** Running on its times, or paused. */
export function ScheduleStatus({ enabled }: { enabled: boolean }) {
  return enabled ? <Badge tone="green">Active</Badge> : <Badge tone="slate">Paused</Badge>;
}
