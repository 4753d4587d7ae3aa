/** A horizontal bar filled to `value` (0..1); indeterminate (pulsing) when value is null. */
export function ProgressBar({ value, label }: { value: number | null; label: string }) {
  const percent = value === null ? null : Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent ?? undefined}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
    >
      <div
        className={`h-full rounded-full bg-indigo-600 transition-[width] duration-150 ${percent === null ? 'w-full animate-pulse opacity-60' : ''}`}
        style={percent === null ? undefined : { width: `${percent}%` }}
      />
    </div>
  );
}
