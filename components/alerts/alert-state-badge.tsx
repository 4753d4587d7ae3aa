import { Badge } from '@/components/ui/badge';

/** Paused, firing (on how many scopes) or OK. */
export function AlertStateBadge({ enabled, firing }: { enabled: boolean; firing: number }) {
  if (!enabled) return <Badge tone="slate">Paused</Badge>;
  if (firing > 0) return <Badge tone="red">Firing{firing > 1 ? ` on ${firing}` : ''}</Badge>;
  return <Badge tone="green">OK</Badge>;
}

const DELIVERY: Record<string, { tone: 'green' | 'red' | 'amber' | 'slate'; label: string }> = {
  delivered: { tone: 'green', label: 'Delivered' },
  failed: { tone: 'red', label: 'Failed' },
  pending: { tone: 'amber', label: 'Pending' },
  off: { tone: 'slate', label: 'Not sent' },
};

/** How an alert's delivery went. */
export function DeliveryBadge({ delivery }: { delivery: string }) {
  const { tone, label } = DELIVERY[delivery] ?? { tone: 'slate', label: delivery };
  return <Badge tone={tone}>{label}</Badge>;
}
