import { Skeleton } from '@/components/ui/skeleton';

/** A placeholder shaped like a card panel while it loads. */
export function PanelPlaceholder({ label, height = 'h-40' }: { label: string; height?: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className={`${height} w-full opacity-60`} />
    </div>
  );
}
