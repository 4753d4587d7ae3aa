import type { ReactNode } from 'react';

/**
 * On a narrow screen the first column stays put while the others scroll under it, and a
 * shadow at the right edge (`scroll-cue` in globals.css) shows that more columns follow.
 */
export function Table({ head, children, empty }: { head: ReactNode[]; children: ReactNode; empty?: ReactNode }) {
  return (
    <div className="scroll-cue overflow-x-auto rounded-lg border border-slate-200">
      <table className="sticky-first min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50">
          <tr>
            {head.map((h, i) => (
              <th key={i} scope="col" className="px-3 py-2 text-left font-medium whitespace-nowrap text-slate-600">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
      {empty}
    </div>
  );
}

export function Td({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <td className={`px-3 py-2 align-top ${className}`}>{children}</td>;
}
