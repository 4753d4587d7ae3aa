import { Badge } from '@/components/ui/badge';
import type { Problem } from '@/lib/datasets';

const SHOWN = 100;

/** Every problem found, with its line (or CSV row) and field; errors first in colour. */
export function ProblemList({ problems, isCsv = false }: { problems: Problem[]; isCsv?: boolean }) {
  if (problems.length === 0) return null;
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.length - errors;
  return (
    <section aria-label="Problems" className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-800">
        {errors > 0 ? `${errors} ${errors === 1 ? 'error' : 'errors'}` : 'No errors'}
        {warnings > 0 ? ` · ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}` : ''}
      </h3>
      <div className="max-h-72 overflow-auto rounded-lg border border-slate-200 bg-white">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="sticky top-0 bg-slate-50">
            <tr>
              <th scope="col" className="px-3 py-1.5 text-left font-medium text-slate-600">Severity</th>
              <th scope="col" className="px-3 py-1.5 text-left font-medium whitespace-nowrap text-slate-600">{isCsv ? 'Line (row)' : 'Line'}</th>
              <th scope="col" className="px-3 py-1.5 text-left font-medium text-slate-600">Field</th>
              <th scope="col" className="px-3 py-1.5 text-left font-medium text-slate-600">Problem</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {problems.slice(0, SHOWN).map((p, i) => (
              <tr key={i}>
                <td className="px-3 py-1.5 align-top">
                  <Badge tone={p.severity === 'error' ? 'red' : 'amber'}>{p.severity}</Badge>
                </td>
                <td className="px-3 py-1.5 align-top whitespace-nowrap tabular-nums">
                  {p.line}
                  {p.column !== undefined ? `:${p.column}` : ''}
                  {isCsv && p.record !== undefined ? <span className="text-slate-500"> (row {p.record})</span> : null}
                </td>
                <td className="px-3 py-1.5 align-top font-mono text-xs break-all text-slate-700">{p.field || '–'}</td>
                <td className="px-3 py-1.5 align-top break-words text-slate-800">{p.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {problems.length > SHOWN ? <p className="px-3 py-2 text-xs text-slate-500">{problems.length - SHOWN} more not shown; fix these first.</p> : null}
      </div>
    </section>
  );
}
