import type { CellStyle } from '@/lib/charts/verdict-palette';

/** The colour key of the verdict map and the conversation view. */
export function VerdictLegend({ items }: { items: CellStyle[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-label="Legend">
      {items.map((item) => (
        <li key={item.state} className="flex items-center gap-1.5">
          <span aria-hidden className="inline-block h-3 w-3 rounded-sm border" style={{ backgroundColor: item.colour, borderColor: item.border }} />
          {item.label}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <span aria-hidden className="inline-block h-3 w-3 rounded-sm border border-dashed border-slate-200" />
        No such turn
      </li>
    </ul>
  );
}
