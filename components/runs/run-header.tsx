import Link from '@/components/ui/project-link';
import { buttonClass } from '@/components/ui/button';
import { OfflineJudgeNotice } from '@/components/ui/offline-judge-notice';
import { RunControls } from './run-controls';
import { RetryErroredButton } from './retry-errored-button';
import { RunExportLinks } from './run-export-links';
import { LiveRunStatus } from './live/live-run-cells';
import { isLiveRun } from '@/lib/domain/run-progress';
import { ImportedRunDetails } from './imported-run-details';

export interface RunHeaderProps {
  run: {
    id: string;
    status: string;
    datasetId: string;
    dataset: { name: string; conversationCount: number };
    modelVersion: string | null;
    judgeKind: string;
    judgeModel: string;
    createdAt: Date;
    error: string | null;
    /** The tool whose scores an imported run holds; null for a run Turnwise scored. */
    origin: string | null;
    /** The parameters that tool says the run was made with (deepeval's hyperparameters). */
    parameters: unknown;
  };
  /** Results that errored whole (`whole`, the run's error count) or in part; an ended run offers to score them again. */
  erroredResults: { total: number; whole: number };
  /** The signed-in user may cancel and re-run it (its maker, admins). */
  mayChange: boolean;
  /** The signed-in user may start a replay (editors): an ended run offers "Replay and compare". */
  mayReplay?: boolean;
}

export function RunHeader({ run, erroredResults, mayChange, mayReplay = false }: RunHeaderProps) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      {/* Grows and shrinks beside the actions, so a long description wraps instead of pushing them under it. */}
      <div className="min-w-0 flex-1 basis-96">
        <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold">
          Run on{' '}
          <Link href={`/datasets/${run.datasetId}`} className="text-indigo-700 hover:underline">
            {run.dataset.name}
          </Link>
          <LiveRunStatus runId={run.id} status={run.status} />
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          {run.origin ? `Imported from ${run.origin} · ` : ''}Model version {run.modelVersion ?? '–'} · judge {run.judgeKind === 'offline' ? 'offline heuristic' : run.judgeModel} ·{' '}
          {run.dataset.conversationCount.toLocaleString('en-US')} conversations · {run.origin ? 'imported' : 'started'} {run.createdAt.toISOString().replace('T', ' ').slice(0, 16)}
        </p>
        {run.origin ? <ImportedRunDetails origin={run.origin} parameters={run.parameters} /> : null}
        {run.judgeKind === 'offline' ? <OfflineJudgeNotice className="mt-2" /> : null}
        {run.error ? <p className="mt-1 text-sm text-rose-700">{run.error}</p> : null}
      </div>
      <div className="flex shrink-0 flex-col items-start gap-2 sm:items-end">
        {mayChange ? <RunControls run={{ id: run.id, status: run.status }} /> : null}
        {mayChange && erroredResults.total > 0 && !isLiveRun(run.status) && !run.origin ? (
          <RetryErroredButton runId={run.id} count={erroredResults.total} whole={erroredResults.whole} />
        ) : null}
        {mayReplay && run.origin && (run.status === 'completed' || run.status === 'completed_with_errors') ? (
          <Link
            href={`/runs/new?dataset=${run.datasetId}&from=${run.id}`}
            className={buttonClass('secondary')}
            title={`Score the same conversations with a Turnwise judge and the same metrics, then compare with ${run.origin}'s scores`}
          >
            Score again in Turnwise
          </Link>
        ) : null}
        {mayReplay && !run.origin && (run.status === 'completed' || run.status === 'completed_with_errors') ? (
          <Link
            href={`/replays/new?dataset=${run.datasetId}&run=${run.id}`}
            className={buttonClass('secondary')}
            title="Regenerate this dataset's assistant turns with another model, score them like this run and compare"
          >
            Replay and compare
          </Link>
        ) : null}
        <RunExportLinks runId={run.id} />
        {isLiveRun(run.status) ? null : (
          <Link href={`/runs/${run.id}/review`} className="text-sm text-indigo-700 hover:underline">
            Review verdicts →
          </Link>
        )}
      </div>
    </div>
  );
}
