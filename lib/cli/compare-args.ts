import { parseArgs } from 'node:util';
import { AppError } from '../errors';

export const COMPARE_USAGE = `usage: turnwise compare <baselineRunId> <runId> [<runId>…] [--fail-on-regression] [--json PATH|-]

Compares each run with the baseline run, metric by metric, over the conversations the runs
share (matched by external id, else name, scenario or first user message): means, the mean
difference with a 95% paired-bootstrap interval, pass-rate change and pass/fail flips.
exit:    0 done (with --fail-on-regression: no metric regressed), 1 with --fail-on-regression when a
         metric's whole 95% interval of the difference is below 0, 2 bad input (an unknown run id)`;

export interface CompareArgs {
  baseline: string;
  candidates: string[];
  failOnRegression: boolean;
  json?: string;
  help: boolean;
}

/** Parses `compare` arguments; a bad one throws AppError('BAD_INPUT'). */
export function parseCompareArgs(argv: string[]): CompareArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        'fail-on-regression': { type: 'boolean' },
        json: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    throw new AppError('BAD_INPUT', `${(e as Error).message}\n${COMPARE_USAGE}`);
  }
  const help = parsed.values.help ?? false;
  const [baseline, ...candidates] = parsed.positionals;
  if (!help && (!baseline || candidates.length === 0)) {
    throw new AppError('BAD_INPUT', `compare needs a baseline run id and at least one run id to compare with it\n${COMPARE_USAGE}`);
  }
  if (parsed.values.json === '') throw new AppError('BAD_INPUT', '--json: give a file path, or - for standard output', { field: '--json' });
  return { baseline: baseline ?? '', candidates, failOnRegression: parsed.values['fail-on-regression'] ?? false, json: parsed.values.json, help };
}
