export interface RunProgressProps {
  run: { id: string; status: string; totalItems: number; doneItems: number; errorItems: number };
}

/** The run's progress; replaced by the live progress panel. */
export function RunProgress({ run }: RunProgressProps) {
  const share = run.totalItems ? run.doneItems / run.totalItems : 0;
  return (
    <div className="text-sm text-slate-600">
      {run.doneItems}/{run.totalItems} ({Math.round(share * 100)}%)
    </div>
  );
}
