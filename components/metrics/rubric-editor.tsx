'use client';

import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DEFINITION_LIMITS } from '@/lib/metrics/g-eval/definition';

export interface RubricRow {
  from: string;
  to: string;
  meaning: string;
}

const cell = 'block w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm';

/** Score ranges (0–10) with what each means; none: the judge scores 0–10 by the steps alone. */
export function RubricEditor({ rows, onChange, error }: { rows: RubricRow[]; onChange: (rows: RubricRow[]) => void; error: ReactNode }) {
  const set = (i: number, patch: Partial<RubricRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className="text-sm">
      <legend className="font-medium text-slate-700">
        Rubric <span className="font-normal text-slate-500">(optional: what scores from 0 to 10 mean)</span>
      </legend>
      {rows.length > 0 ? (
        <div aria-hidden="true" className="mt-1 grid grid-cols-[4rem_4rem_minmax(0,1fr)_auto] gap-2 text-xs text-slate-500">
          <span>From (0–10)</span>
          <span>To (0–10)</span>
          <span>What a score in this range means</span>
          <span className="w-8" />
        </div>
      ) : null}
      {rows.length > 0 ? (
        <ul className="mt-1 space-y-1.5">
          {rows.map((row, i) => (
            <li key={i} className="grid grid-cols-[4rem_4rem_minmax(0,1fr)_auto] items-center gap-2">
              <input aria-label={`Rubric row ${i + 1} from`} type="number" min={0} max={10} value={row.from} onChange={(e) => set(i, { from: e.target.value })} className={cell} />
              <input aria-label={`Rubric row ${i + 1} to`} type="number" min={0} max={10} value={row.to} onChange={(e) => set(i, { to: e.target.value })} className={cell} />
              <input
                aria-label={`Rubric row ${i + 1} meaning`}
                value={row.meaning}
                maxLength={DEFINITION_LIMITS.rubricMeaningChars}
                placeholder="e.g. states the wrong policy"
                onChange={(e) => set(i, { meaning: e.target.value })}
                className={cell}
              />
              <Button variant="ghost" aria-label={`Remove rubric row ${i + 1}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                ✕
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <Button className="mt-1.5" disabled={rows.length >= DEFINITION_LIMITS.rubricItems} onClick={() => onChange([...rows, { from: '', to: '', meaning: '' }])}>
        Add a score range
      </Button>
      {error}
    </fieldset>
  );
}
