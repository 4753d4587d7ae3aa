import type { Db } from '../../db/db-types';
import { getCompareWithRun } from '../../db/queries/replays/get-compare-with-run';
import { AppError } from '../../errors';
import { judgeSelectionOf } from '../../connections/judge-selection';
import { runRequestSchema, type RunRequest } from '../../runs/request/run-request';
import type { ReplayEvaluate } from '../replay-request';

/**
 * The run a replay starts on its new dataset, checked with the very rules of POST /api/v1/runs:
 * the metrics, judge and options given, and for what is not given those of the `compareWith`
 * run (which must be a run of the replay's source dataset). Errors name their field under
 * "evaluate.".
 */
export async function evaluateRunRequest(db: Db, projectId: string, evaluate: ReplayEvaluate, datasetId: string, sourceDatasetId: string, modelVersion: string): Promise<RunRequest> {
  let metrics = evaluate.metrics ?? [];
  let options = evaluate.options ?? {};
  let judge = evaluate.judge;
  let concurrency: number | undefined;
  let samples: number | undefined;
  if (evaluate.compareWith) {
    const run = await getCompareWithRun(db, projectId, evaluate.compareWith);
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
  const names = metrics.map((entry) => /^(.*?)(?:@(\d+))?$/.exec(entry)!);
  const stray = Object.keys(options).find((name) => !names.some((m) => m[1] === name));
  if (stray !== undefined) throw new AppError('BAD_INPUT', `evaluate.options.${stray}: ${stray} is not among the metrics`, { field: `evaluate.options.${stray}` });
  // "refund_policy@2": a custom metric's version 2 (else its newest), as POST /api/v1/runs reads it.
  const parsed = runRequestSchema.safeParse({
    datasetId,
    metrics: names.map(([, name, version]) => ({ name, options: options[name] ?? {}, ...(version ? { version: Number(version) } : {}) })),
    judge: judge ?? { kind: 'offline' },
    concurrency: concurrency ?? 8,
    modelVersion,
    ...(samples === undefined ? {} : { samples }),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const [head, index, part, ...rest] = issue.path.map(String);
    const path = head === 'metrics' && part === 'options' ? ['options', names[Number(index)]?.[1], ...rest] : head === 'metrics' && index !== undefined ? ['metrics', index] : issue.path.map(String);
    const field = `evaluate.${path.join('.')}`;
    throw new AppError('BAD_INPUT', `${field}: ${issue.message}`, { field });
  }
  return parsed.data;
}
