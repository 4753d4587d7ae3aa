/** A grey placeholder shaped like the panel that is loading. */
export function PanelSkeleton({ label, height = 'h-40', count = 1, columns = '' }: { label: string; height?: string; count?: number; columns?: string }) {
  return (
    <div role="status" aria-label={label} className={`grid gap-4 ${columns}`}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={`animate-pulse rounded-lg border border-slate-200 bg-white p-4`}>
          <div className="mb-3 h-4 w-1/3 rounded bg-slate-200" />
          <div className={`${height} rounded bg-slate-100`} />
        </div>
      ))}
    </div>
  );
}
