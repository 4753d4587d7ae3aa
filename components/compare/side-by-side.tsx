import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Table, Td } from '@/components/ui/table';
import type { AlignedVerdict } from '@/lib/compare/align-turns';
import type { SideBySideView } from '@/lib/compare/load-side-by-side';
import { formatScore, metricLabel } from '@/lib/format/format';
import { Delta, runName } from './delta';

const verdictTone = { yes: 'green', idk: 'amber', no: 'red' } as const;

function VerdictChip({ v }: { v: AlignedVerdict }) {
  const tone = verdictTone[v.verdict as keyof typeof verdictTone] ?? 'slate';
  return (
    <li className={`rounded-md px-2 py-1 text-xs ${v.worse ? 'bg-rose-100 ring-1 ring-rose-400' : 'bg-slate-50'}`}>
      <span className="font-medium text-slate-700">{metricLabel(v.metric)}</span> <Badge tone={tone}>{v.verdict}</Badge>
      {v.worse ? <span className="ml-1 font-semibold text-rose-700">worse than baseline</span> : null}
      {v.better ? <span className="ml-1 font-medium text-emerald-700">better than baseline</span> : null}
      <p className="mt-0.5 text-slate-600">{v.reason}</p>
    </li>
  );
}

/** The conversation in every run: scores per metric, then the transcripts aligned turn by turn. */
export function SideBySide({ view }: { view: SideBySideView }) {
  const { runs, conversations, turns } = view;
  const cols = { gridTemplateColumns: `4.75rem repeat(${runs.length}, minmax(0, 1fr))` };
  const scoreOf = (r: number, metric: string) => conversations[r]?.results.find((x) => x.metric === metric) ?? null;
  return (
    <div className="space-y-6">
      <Table head={['Metric', ...runs.map((run, r) => `${r === 0 ? 'Baseline' : 'Candidate'}: ${runName(run)}`)]}>
        {view.metrics.map((metric) => (
          <tr key={metric}>
            <Td className="font-medium">{metricLabel(metric)}</Td>
            {runs.map((run, r) => {
              const result = scoreOf(r, metric);
              const base = scoreOf(0, metric);
              return (
                <Td key={run.id} className="tabular-nums">
                  {!conversations[r] ? (
                    <span className="text-xs text-slate-400">not in run</span>
                  ) : !result ? (
                    '–'
                  ) : result.error ? (
                    <span className="text-amber-700">error</span>
                  ) : (
                    <>
                      {formatScore(result.score)} <Badge tone={result.success ? 'green' : 'red'}>{result.success ? 'pass' : 'fail'}</Badge>{' '}
                      {r > 0 && base?.score != null && result.score !== null ? <Delta value={result.score - base.score} /> : null}
                    </>
                  )}
                </Td>
              );
            })}
          </tr>
        ))}
      </Table>
      <section aria-labelledby="turns-heading" className="space-y-2">
        <h2 id="turns-heading" className="text-lg font-semibold">
          Turn by turn
        </h2>
        <p className="text-sm text-slate-600">
          {view.regressedTurns.length
            ? `Regressed turns: ${view.regressedTurns.map((t) => t + 1).join(', ')} (a verdict worse than the baseline's on the same turn).`
            : 'No turn has a verdict worse than the baseline’s.'}
        </p>
        <div className="grid gap-2 text-xs font-semibold tracking-wide text-slate-500 uppercase" style={cols}>
          <span>Turn</span>
          {runs.map((run, r) => (
            <Link key={run.id} href={`/runs/${run.id}`} className="truncate hover:text-indigo-700">
              {r === 0 ? 'Baseline' : 'Candidate'}: {runName(run)}
            </Link>
          ))}
        </div>
        <ol className="space-y-2">
          {turns.map((turn) => {
            const regressed = turn.regressedMetrics.length > 0;
            return (
              <li
                key={turn.index}
                data-testid={`turn-${turn.index}`}
                data-regressed={regressed ? 'true' : 'false'}
                aria-label={`Turn ${turn.index + 1}${regressed ? ', regressed' : ''}`}
                className={`grid gap-2 rounded-lg border p-2 ${regressed ? 'border-rose-400 bg-rose-50' : 'border-slate-200 bg-white'}`}
                style={cols}
              >
                <div className="text-sm text-slate-500 tabular-nums">
                  {turn.index + 1}
                  {regressed ? (
                    <p className="mt-1 text-[10px] font-semibold text-rose-700 uppercase" title={turn.regressedMetrics.map(metricLabel).join(', ')}>
                      regressed
                    </p>
                  ) : null}
                </div>
                {turn.cells.map((cell, r) =>
                  cell ? (
                    <div key={r} className="min-w-0 space-y-1.5">
                      <p className="text-xs font-medium text-slate-500">{cell.role}</p>
                      <p className={`rounded-md px-2 py-1.5 text-sm whitespace-pre-wrap ${cell.role === 'user' ? 'bg-slate-100' : 'bg-indigo-50'}`}>{cell.content}</p>
                      {cell.verdicts.length ? (
                        <ul className="space-y-1">
                          {cell.verdicts.map((v) => (
                            <VerdictChip key={v.metric} v={v} />
                          ))}
                        </ul>
                      ) : null}
                    </div>
                  ) : (
                    <div key={r} className="text-xs text-slate-400">
                      —
                    </div>
                  ),
                )}
              </li>
            );
          })}
        </ol>
      </section>
    </div>
  );
}
