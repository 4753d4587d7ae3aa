import { Badge } from '@/components/ui/badge';
import { groupProblems, type Problem } from '@/lib/datasets';

const SHOWN = 50;

/**
 * The problems found, one row per kind (same severity, field and message) with how many lines
 * have it and the first of them; errors first, the most frequent first.
 */
export function ProblemList({ problems }: { problems: Problem[] }) {
  if (problems.length === 0) return null;
  const groups = groupProblems(problems);
  const count = (severity: Problem['severity']) => groups.filter((g) => g.severity === severity).reduce((n, g) => n + g.count, 0);
  const errors = count('error');
  const warnings = count('warning');
  return (
    <section aria-label="Problems" className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-800">
        {errors > 0 ? `${errors} ${errors === 1 ? 'line has an error' : 'lines have errors'}` : 'No errors'}
        {warnings > 0 ? ` · ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}` : ''}
        <span className="font-normal text-slate-500"> · {groups.length === 1 ? 'one kind' : `${groups.length} kinds`}</span>
      </h3>
      <div className="max-h-72 overflow-auto rounded-lg border border-slate-200 bg-white">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="sticky top-0 bg-slate-50">
            <tr>
              <th scope="col" className="px-3 py-1.5 text-left font-medium text-slate-600">Severity</th>
              <th scope="col" className="px-3 py-1.5 text-left font-medium text-slate-600">Problem</th>
              <th scope="col" className="px-3 py-1.5 text-left font-medium text-slate-600">Field</th>
              <th scope="col" className="px-3 py-1.5 text-right font-medium text-slate-600">Lines</th>
              <th scope="col" className="px-3 py-1.5 text-left font-medium whitespace-nowrap text-slate-600">First lines</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {groups.slice(0, SHOWN).map((g, i) => (
              <tr key={i} data-testid="problem-group">
                <td className="px-3 py-1.5 align-top">
                  <Badge tone={g.severity === 'error' ? 'red' : 'amber'}>{g.severity}</Badge>
                </td>
                <td className="px-3 py-1.5 align-top break-words text-slate-800">{g.message}</td>
                <td className="px-3 py-1.5 align-top font-mono text-xs whitespace-nowrap text-slate-700">{g.field || '–'}</td>
                <td className="px-3 py-1.5 text-right align-top tabular-nums" data-testid="problem-count">
                  {g.count.toLocaleString('en-US')}
                </td>
                <td className="px-3 py-1.5 align-top tabular-nums">
                  {g.files ? (
                    <span className="break-all" title={g.files.map((f, j) => `${f}:${g.lines[j]}`).join('\n')}>
                      {g.lines.map((line, j) => `${g.files![j].split('/').pop()}:${line}`).join(', ')}
                    </span>
                  ) : (
                    g.lines.join(', ')
                  )}
                  {g.count > g.lines.length ? '…' : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {groups.length > SHOWN ? <p className="px-3 py-2 text-xs text-slate-500">{groups.length - SHOWN} more kinds not shown; fix these first.</p> : null}
      </div>
    </section>
  );
}
