import Link from '@/components/ui/project-link';
import { RunStatusBadge } from '@/components/runs/run-status-badge';
import { buttonClass } from '@/components/ui/button';
import { OfflineJudgeNotice } from '@/components/ui/offline-judge-notice';
import type { MatchCounts } from '@/lib/compare/compare-vectors';
import type { ComparedRun } from '@/lib/db/queries/compare/get-compared-runs';
import { formatDate } from '@/lib/format/format';

function RunCard({ run, role, counts }: { run: ComparedRun; role: string; counts?: MatchCounts }) {
  return (
    <div className={`rounded-lg border bg-white p-3 text-sm shadow-sm ${role === 'Baseline' ? 'border-indigo-300' : 'border-slate-200'}`}>
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{role}</p>
      <p className="mt-1 flex flex-wrap items-center gap-2">
        <Link href={`/runs/${run.id}`} className="font-semibold text-indigo-700 hover:underline">
          {run.modelVersion ?? 'no model version'}
        </Link>
        <RunStatusBadge status={run.status} />
      </p>
      <p className="mt-0.5 text-slate-600">
        {run.datasetName} · judge {run.judgeKind === 'offline' ? 'offline heuristic' : run.judgeModel} · {formatDate(run.createdAt)}
      </p>
      {counts ? (
        <p className="mt-1 text-xs text-slate-500 tabular-nums">
          {counts.matched.toLocaleString('en-US')} matched · {counts.baselineOnly.toLocaleString('en-US')} only in baseline ·{' '}
          {counts.candidateOnly.toLocaleString('en-US')} only here
        </p>
      ) : null}
    </div>
  );
}

/** The runs being compared, baseline first, and a way back to the picker. */
export function CompareHeader({ runs, matches, changeHref }: { runs: ComparedRun[]; matches: MatchCounts[]; changeHref: string }) {
  return (
    <section aria-label="Runs compared" className="space-y-2">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <RunCard run={runs[0]} role="Baseline" />
        {runs.slice(1).map((run, i) => (
          <RunCard key={run.id} run={run} role={`Candidate ${runs.length > 2 ? i + 1 : ''}`.trim()} counts={matches[i]} />
        ))}
      </div>
      {runs.some((r) => r.judgeKind === 'offline') ? <OfflineJudgeNotice /> : null}
      <Link href={changeHref} className={buttonClass('secondary')}>
        Change runs
      </Link>
    </section>
  );
}
