import Link from '@/components/ui/project-link';
import type { PreparedVerdictMap } from '@/lib/charts/prepare-verdict-map';
import { VerdictLegend } from './verdict-legend';

/** Draws a prepared verdict map: a row per conversation, a linked cell per turn. */
export function VerdictMap({ map }: { map: PreparedVerdictMap }) {
  return (
    <div className="space-y-3">
      <div className="overflow-x-auto">
        <table className="border-separate border-spacing-[3px] text-xs" data-testid="verdict-map">
          <thead>
            <tr>
              <th scope="col" className="pr-2 text-left font-medium text-slate-500">
                Conversation \ turn
              </th>
              {map.columns.map((c) => (
                <th key={c} scope="col" className="w-5 text-center font-normal tabular-nums text-slate-400">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {map.rows.map((row) => (
              <tr key={row.id}>
                <th scope="row" className="max-w-56 truncate pr-2 text-left font-normal">
                  <Link href={row.href} prefetch={false} className="text-slate-700 hover:text-indigo-700 hover:underline" title={row.label}>
                    {row.label}
                  </Link>
                </th>
                {row.cells.map((cell, i) =>
                  cell ? (
                    <td key={i} className="p-0">
                      <Link
                        href={cell.href}
                        prefetch={false}
                        title={cell.title}
                        data-state={cell.state}
                        data-unstable={cell.unstable ? 'true' : undefined}
                        className="relative block h-5 w-5 rounded-sm border hover:ring-2 hover:ring-indigo-400 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
                        style={{ backgroundColor: cell.colour, borderColor: cell.border }}
                      >
                        {/* Judge noise: fewer than 80% of its samples gave this verdict. */}
                        {cell.unstable ? <span className="absolute inset-1 rounded-full border-2 border-dashed border-white" aria-hidden /> : null}
                        {/* The verdict on the turn's retrieval context, not on its reply: a strip along the bottom. */}
                        {cell.retrieval ? (
                          <span
                            className="absolute inset-x-0 -bottom-px h-1.5 rounded-b-sm border-t border-white"
                            style={{ backgroundColor: cell.retrieval.colour }}
                            data-retrieval-state={cell.retrieval.state}
                            aria-hidden
                          />
                        ) : null}
                      </Link>
                    </td>
                  ) : (
                    <td key={i} className="p-0" aria-hidden />
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <VerdictLegend items={map.legend} />
      {map.rows.some((row) => row.cells.some((cell) => cell?.retrieval)) ? (
        <p className="text-xs text-slate-500" data-testid="verdict-map-retrieval-note">
          A strip under a turn is the verdict on what was retrieved for it (contextual recall, turn contextual recall, precision, relevancy), not on the reply.
        </p>
      ) : null}
    </div>
  );
}
