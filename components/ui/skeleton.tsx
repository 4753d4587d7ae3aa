/** A grey placeholder block while a panel loads. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden className={`animate-pulse rounded bg-slate-200 ${className}`} />;
}

/** A table-shaped placeholder: a header bar and `rows` lines. */
export function TableSkeleton({ rows = 5, label = 'Loading…' }: { rows?: number; label?: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
      <Skeleton className="h-5 w-full" />
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-4 w-full opacity-70" />
      ))}
    </div>
  );
}
