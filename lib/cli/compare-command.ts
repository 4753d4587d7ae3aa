import { writeFile } from 'node:fs/promises';
import { compareRuns } from '../compare/compare-runs';
import { getDb } from '../db/client';
import { ensureDatabase } from '../db/migrations';
import { DEFAULT_PROJECT_SLUG } from '../identity/project';
import { resolveCliProject } from './cli-project';
import { AppError } from '../errors';
import { COMPARE_USAGE, parseCompareArgs, type CompareArgs } from './compare-args';
import { formatComparison } from './compare-report';
import type { EvalIo } from './eval-command';

/**
 * `turnwise compare`: prints the per-metric comparison of runs with a baseline run. Exit 0,
 * or 1 with --fail-on-regression when a metric's 95% interval of the difference lies wholly
 * below 0; an unknown run id throws NOT_FOUND (exit 2 at the CLI boundary).
 */
export async function runCompareCommand(args: CompareArgs, io: EvalIo): Promise<number> {
  if (args.help) {
    io.stdout(`${COMPARE_USAGE}\n`);
    return 0;
  }
  await ensureDatabase();
  const project = await resolveCliProject(io.project ?? DEFAULT_PROJECT_SLUG);
  const report = await compareRuns(getDb(), project.id, args.baseline, args.candidates);
  const json = `${JSON.stringify(report, null, 2)}\n`;
  if (args.json === '-') io.stdout(json);
  else {
    io.stdout(`${formatComparison(report)}\n`);
    if (args.json) {
      try {
        await writeFile(args.json, json);
      } catch (e) {
        throw new AppError('BAD_INPUT', `--json: cannot write ${args.json}: ${(e as Error).message}`, { field: '--json' });
      }
    }
  }
  return args.failOnRegression && report.regressions.length > 0 ? 1 : 0;
}

/** The `compare` command from its raw arguments (what run-cli dispatches to). */
export async function runCompare(argv: string[], io: EvalIo): Promise<number> {
  return runCompareCommand(parseCompareArgs(argv), io);
}
