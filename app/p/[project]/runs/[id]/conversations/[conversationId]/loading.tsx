import { PanelSkeleton } from '@/components/runs/panel-skeleton';

export default function Loading() {
  return <PanelSkeleton label="Loading conversation" height="h-96" />;
}
