import Link from '@/components/ui/project-link';
import type { CSSProperties } from 'react';
import { LongText } from '@/components/conversations/long-text';
import { Badge } from '@/components/ui/badge';
import { pillClass } from '@/components/ui/pill';
import { ScrollToHash } from '@/components/ui/scroll-to-hash';
import { Table, Td } from '@/components/ui/table';
import type { AlignedTurn, AlignedVerdict } from '@/lib/compare/align-turns';
import { compareHref, tableState, type CompareSearch } from '@/lib/compare/compare-search';
import { previewOf } from '@/lib/conversations/text-preview';
import { replyChange, turnRows } from '@/lib/compare/turn-changes';
import type { SideBySideView } from '@/lib/compare/load-side-by-side';
import { formatScore, metricLabel } from '@/lib/format/format';
import { Delta, runName } from './delta';
import { WordDiff } from './word-diff';

// idk is the judge not deciding, not a warning: neutral like any badge without a finding.
const verdictTone = { yes: 'green', idk: 'slate', no: 'red' } as const;

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

/** Verdicts of the metrics that judge what was retrieved for the turn: on the retrieved items, apart from the reply's. */
function RetrievalVerdicts({ verdicts }: { verdicts: AlignedVerdict[] }) {
  if (verdicts.length === 0) return null;
  const failing = verdicts.some((v) => v.verdict === 'no');
  return (
    <div className={`space-y-1 rounded-md border-l-4 p-1.5 ${failing ? 'border-l-rose-500 bg-rose-50/60' : 'border-l-slate-200 bg-slate-50'}`} data-testid="retrieval-verdicts" data-failing={failing ? 'true' : 'false'}>
      <p className="text-[11px] font-semibold tracking-wide text-slate-500 uppercase">
        On what was retrieved{failing ? <span className="ml-1 rounded bg-rose-600 px-1 py-0.5 text-white normal-case">failing retrieval</span> : null}
      </p>
      <ul className="space-y-1">
        {verdicts.map((v) => (
          <VerdictChip key={v.metric} v={v} />
        ))}
      </ul>
    </div>
  );
}

const gridStyle = (runs: number) => ({ '--cols': `4.75rem repeat(${runs}, minmax(0, 1fr))` }) as CSSProperties;
// One column on a phone (each run's copy under the other), side by side from `sm` up.
const GRID = 'grid gap-2 sm:[grid-template-columns:var(--cols)]';

function TurnCells({ turn, runs, conversationIds }: { turn: AlignedTurn; runs: SideBySideView['runs']; conversationIds: (string | undefined)[] }) {
  const base = turn.cells[0];
  // Long replies go as their start (the word diff is of the starts); "show all" loads the rest.
  const basePreview = base ? previewOf(base.content) : null;
  return (
    <>
      {turn.cells.map((cell, r) => {
        const who = `${r === 0 ? 'Baseline' : 'Candidate'}: ${runName(runs[r])}`;
        if (!cell) {
          return (
            <div key={r} className="text-xs text-slate-500">
              <span className="sm:hidden">{who}: </span>no such turn
            </div>
          );
        }
        const changedText = r > 0 && base !== null && cell.content !== base.content;
        const preview = previewOf(cell.content);
        // Compared on the previews: a long turn's whole text is loaded only on demand.
        const change = changedText && basePreview ? replyChange(basePreview.text, preview.text) : null;
        const diff = change?.kind === 'diff' ? <WordDiff parts={change.parts} /> : undefined;
        const conversationId = conversationIds[r];
        return (
          <div key={r} className="min-w-0 space-y-1.5">
            <p className="text-xs font-medium text-slate-500">
              <span className="sm:hidden">{who} · </span>
              {cell.role}
              {change?.kind === 'rewritten' ? (
                <span className="ml-1 font-semibold text-indigo-700" data-testid="reply-rewritten">
                  · rewritten ({Math.round(change.changedShare * 100)}% changed)
                </span>
              ) : changedText ? (
                <span className="ml-1 font-semibold text-indigo-700">· changed</span>
              ) : null}
            </p>
            <p className={`rounded-md px-2 py-1.5 text-sm break-words whitespace-pre-wrap ${cell.role === 'user' ? 'bg-slate-100' : 'bg-indigo-50'}`} data-testid={changedText ? 'reply-diff' : undefined}>
              {conversationId ? <LongText preview={preview} source={{ conversationId, turnIndex: turn.index, part: 'content' }} shown={diff} /> : (diff ?? cell.content)}
            </p>
            {cell.verdicts.some((v) => !v.onRetrieval) ? (
              <ul className="space-y-1">
                {cell.verdicts
                  .filter((v) => !v.onRetrieval)
                  .map((v) => (
                    <VerdictChip key={v.metric} v={v} />
                  ))}
              </ul>
            ) : null}
            <RetrievalVerdicts verdicts={cell.verdicts.filter((v) => v.onRetrieval)} />
          </div>
        );
      })}
    </>
  );
}

/** The conversation in every run: scores per metric, then the transcripts aligned turn by turn. */
export function SideBySide({ view, search }: { view: SideBySideView; search: CompareSearch }) {
  const { runs, conversations, turns } = view;
  const scoreOf = (r: number, metric: string) => conversations[r]?.results.find((x) => x.metric === metric) ?? null;
  const rows = turnRows(turns, search.changedOnly);
  const conversationIds = conversations.map((c) => c?.id);
  // Changed turns are rows in both views (only unchanged ones fold).
  const changedCount = rows.filter((row) => row.kind === 'turn' && row.changed).length;
  const here = (changedOnly: boolean) => compareHref('/compare/conversation', { ...tableState(search), key: search.key, changedOnly });
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
                    <span className="text-xs text-slate-500">not in run</span>
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
        <p className="text-sm text-slate-600" data-testid="regressed-turns">
          {view.regressedTurns.length ? (
            <>
              Regressed {view.regressedTurns.length === 1 ? 'turn' : 'turns'}:{' '}
              {view.regressedTurns.map((t, i) => (
                <span key={t}>
                  {i > 0 ? ', ' : ''}
                  <a href={`#turn-${t}`} className="font-medium text-rose-700">
                    {t + 1}
                  </a>
                </span>
              ))}{' '}
              (a verdict worse than the baseline&apos;s on the same turn).
            </>
          ) : (
            'No turn has a verdict worse than the baseline’s.'
          )}
        </p>
        <nav aria-label="Turns shown" className="flex flex-wrap items-center gap-1.5">
          <Link href={here(false)} scroll={false} className={pillClass(!search.changedOnly)} aria-current={!search.changedOnly ? 'page' : undefined}>
            All turns ({turns.length})
          </Link>
          <Link href={here(true)} scroll={false} className={pillClass(search.changedOnly)} aria-current={search.changedOnly ? 'page' : undefined}>
            Changed turns only ({changedCount})
          </Link>
        </nav>
        <div className={`${GRID} hidden text-xs font-semibold tracking-wide text-slate-500 uppercase sm:grid`} style={gridStyle(runs.length)}>
          <span>Turn</span>
          {runs.map((run, r) => (
            <Link key={run.id} href={`/runs/${run.id}`} className="truncate hover:text-indigo-700">
              {r === 0 ? 'Baseline' : 'Candidate'}: {runName(run)}
            </Link>
          ))}
        </div>
        <ScrollToHash />
        <ol className="space-y-2" data-changed-only={search.changedOnly ? 'true' : 'false'}>
          {rows.map((row) => {
            if (row.kind === 'unchanged') {
              const span = row.count === 1 ? `Turn ${row.first + 1}` : `Turns ${row.first + 1}–${row.last + 1}`;
              return (
                <li key={`same-${row.first}`} data-testid="unchanged-turns" className="rounded-lg border border-dashed border-slate-300 px-3 py-1.5 text-sm text-slate-600">
                  {span}: {row.count} unchanged {row.count === 1 ? 'turn' : 'turns'} ·{' '}
                  <a href={`${here(false)}#turn-${row.first}`} className="text-indigo-700 underline">
                    show
                  </a>
                </li>
              );
            }
            const { turn } = row;
            const regressed = turn.regressedMetrics.length > 0;
            return (
              <li
                key={turn.index}
                id={`turn-${turn.index}`}
                data-testid={`turn-${turn.index}`}
                data-regressed={regressed ? 'true' : 'false'}
                data-changed={row.changed ? 'true' : 'false'}
                aria-label={`Turn ${turn.index + 1}${regressed ? ', regressed' : row.changed ? ', changed' : ''}`}
                className={`${GRID} scroll-mt-4 rounded-lg border p-2 target:ring-2 target:ring-indigo-500 ${regressed ? 'border-rose-400 bg-rose-50' : 'border-slate-200 bg-white'}`}
                style={gridStyle(runs.length)}
              >
                <div className="text-sm text-slate-600 tabular-nums">
                  <span className="sm:hidden">Turn </span>
                  {turn.index + 1}
                  {regressed ? (
                    <p className="mt-1 ml-1 inline-block text-[10px] font-semibold text-rose-700 uppercase sm:ml-0 sm:block" title={turn.regressedMetrics.map(metricLabel).join(', ')}>
                      regressed
                    </p>
                  ) : null}
                  {turn.regressedRetrieval.length ? (
                    <p className="mt-1 ml-1 inline-block text-[10px] font-semibold text-rose-700 uppercase sm:ml-0 sm:block" title={turn.regressedRetrieval.map(metricLabel).join(', ')} data-testid="retrieval-regressed">
                      retrieval regressed
                    </p>
                  ) : null}
                </div>
                <TurnCells turn={turn} runs={runs} conversationIds={conversationIds} />
              </li>
            );
          })}
        </ol>
      </section>
    </div>
  );
}
