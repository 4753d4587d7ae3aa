import type { Db } from '../../db/queries/db-types';
import { AppError } from '../../errors';
import { judgeSelectionOf } from '../../runs/run-judge';
import { parseApiRunBody } from '../../api/run-body';
import type { RunRequest } from '../../runs/run-request';
import type { ReplayEvaluate } from '../replay-request';

/**
 * The run a replay starts on its new dataset, checked with the very rules of POST /api/v1/runs:
 * the metrics, judge and options given, and for what is not given those of the `compareWith`
 * run (which must be a run of the replay's source dataset). Errors name their field under
 * "evaluate.".
 */
export async function evaluateRunRequest(db: Db, evaluate: ReplayEvaluate, datasetId: string, sourceDatasetId: string, modelVersion: string): Promise<RunRequest> {
  let metrics = evaluate.metrics ?? [];
  let options = evaluate.options ?? {};
  let judge = evaluate.judge;
  let concurrency: number | undefined;
  let samples: number | undefined;
  if (evaluate.compareWith) {
    const run = await db.run.findUnique({
      where: { id: evaluate.compareWith },
      select: { datasetId: true, metricSettings: true, judgeKind: true, judgeName: true, judgeModel: true, concurrency: true, samples: true },
    });
    if (!run) throw new AppError('NOT_FOUND', `evaluate.compareWith: no run with id ${evaluate.compareWith}`, { field: 'evaluate.compareWith' });
    if (run.datasetId !== sourceDatasetId) {
      throw new AppError('BAD_INPUT', 'evaluate.compareWith: the run must be a run of the dataset being replayed', { field: 'evaluate.compareWith' });
    }
    const settings = (run.metricSettings ?? {}) as Record<string, Record<string, unknown>>;
    if (metrics.length === 0) {
      metrics = Object.keys(settings).map((name) => {
        const version = (settings[name]?.gEval as { version?: number } | undefined)?.version;
        return version ? `${name}@${version}` : name;
      });
      options = {
        ...Object.fromEntries(
          Object.entries(settings).map(([name, stored]) => {
            const { gEval: _g, ...rest } = stored ?? {};
            return [name, rest];
          }),
        ),
        ...options,
      };
    }
    judge ??= judgeSelectionOf({ judgeKind: run.judgeKind === 'offline' ? 'offline' : 'openai', judgeName: run.judgeName, judgeModel: run.judgeModel });
    concurrency = run.concurrency;
    samples = run.samples;
  }
  const parsed = parseApiRunBody({ datasetId, metrics, options, judge: judge ?? { kind: 'offline' }, modelVersion, concurrency, samples });
  if (!parsed.ok) {
    const issue = parsed.error.issues[0];
    const field = `evaluate.${parsed.field(issue.path)}`;
    throw new AppError('BAD_INPUT', `${field}: ${issue.message}`, { field });
  }
  return parsed.request;
}
