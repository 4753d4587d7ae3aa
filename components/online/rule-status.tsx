/** Active, paused, or paused by the daily cost cap until the next UTC day. */
export function RuleStatus({ enabled, capReached }: { enabled: boolean; capReached: boolean }) {
  if (!enabled) return <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700">Paused</span>;
  if (capReached)
    return (
      <span className="rounded bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-800" title="Scoring resumes at 00:00 UTC">
        Daily cost cap reached · resumes at 00:00 UTC
      </span>
    );
  return <span className="rounded bg-emerald-50 px-1.5 py-0.5 text-xs font-medium text-emerald-800">Active</span>;
}
