/** A signed difference, coloured by direction; "–" when there is none. */
export function Delta({ value, digits = 2, unit = '' }: { value: number | null; digits?: number; unit?: string }) {
  if (value === null) return <span className="text-slate-400">–</span>;
  const rounded = Number(value.toFixed(digits));
  const tone = rounded < 0 ? 'text-rose-700' : rounded > 0 ? 'text-emerald-700' : 'text-slate-500';
  const sign = rounded < 0 ? '−' : rounded > 0 ? '+' : '±';
  return (
    <span className={`tabular-nums font-medium ${tone}`}>
      {sign}
      {Math.abs(rounded).toFixed(digits)}
      {unit}
    </span>
  );
}

export const runName = (run: { modelVersion: string | null; datasetName: string }): string => run.modelVersion ?? run.datasetName;
