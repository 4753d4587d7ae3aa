import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { AppError } from '../errors';
import type { ReplayRequestInput } from '../replay/replay-request';

export const REPLAY_USAGE = `usage: turnwise replay <dataset id or file> --model-version LABEL
                      (--target-base-url URL --model NAME [--api-key-env VAR] [--system-prompt TEXT]
                       [--temperature X] [--max-tokens N] [--extra-body JSON]
                       | --target-connection NAME --model NAME
                       | --target-http URL [--secret-env VAR] [--timeout-ms N])
                      [--mode teacher-forced|on-policy|simulated-user] [--max-turns N] [--samples N] [--concurrency N]
                      [--metrics a,b,…] [--judge offline|openai] [--judge-name NAME] [--judge-model NAME]
                      [--options JSON] [--compare-with RUN_ID] [--json PATH|-]

Regenerates the assistant turns of a recorded dataset (a stored dataset's id, or a dataset file,
which is stored first) with a new model or your app, stores them as a new dataset version and,
with --metrics or --compare-with, runs the metrics on it (those of the --compare-with run when
--metrics is not given, with its judge unless --judge says otherwise). --mode simulated-user has
the judge play the user of each conversation's scenario for at most --max-turns exchanges (10).
--samples N (1 to 5) generates each turn N times: the first is the new version's, the others are
kept apart to show how much the generations differ (never scored).
exit:    with --compare-with, compare's: 0 no metric regressed, 1 a metric's whole 95% interval of
         the difference is below 0; without it 0 done, 1 some turns errored;
         2 bad input, or the replay or its run failed`;

export interface ReplayArgs {
  source: string;
  request: Omit<ReplayRequestInput, 'datasetId'>;
  compareWith?: string;
  json?: string;
  help: boolean;
}

const bad = (message: string, field?: string): never => {
  throw new AppError('BAD_INPUT', `${message}\n${REPLAY_USAGE}`, field ? { field } : {});
};

function number(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) bad(`${flag}: must be a number`, flag);
  return n;
}

function jsonObject(value: string | undefined, flag: string): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  try {
    const parsed = JSON.parse(value) as unknown;
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // Falls through to the message below.
  }
  return bad(`${flag}: must be a JSON object`, flag);
}

/** Parses `replay` arguments into a replay request (checked later, with the API's schema); a bad one throws BAD_INPUT. */
export function parseReplayArgs(argv: string[]): ReplayArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        'target-base-url': { type: 'string' },
        'target-connection': { type: 'string' },
        'target-http': { type: 'string' },
        model: { type: 'string' },
        'api-key-env': { type: 'string' },
        'secret-env': { type: 'string' },
        'timeout-ms': { type: 'string' },
        'system-prompt': { type: 'string' },
        temperature: { type: 'string' },
        'max-tokens': { type: 'string' },
        'extra-body': { type: 'string' },
        'model-version': { type: 'string' },
        mode: { type: 'string' },
        'max-turns': { type: 'string' },
        samples: { type: 'string' },
        concurrency: { type: 'string' },
        metrics: { type: 'string' },
        judge: { type: 'string' },
        'judge-name': { type: 'string' },
        'judge-model': { type: 'string' },
        options: { type: 'string' },
        'compare-with': { type: 'string' },
        json: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    return bad((e as Error).message);
  }
  const v = parsed.values;
  const help = v.help ?? false;
  const [source] = parsed.positionals;
  if (help) return { source: '', request: { target: { kind: 'http', url: 'http://localhost' }, modelVersion: '' }, help };
  if (!source) bad('replay needs a dataset id or a dataset file');
  if (parsed.positionals.length > 1) bad(`one dataset only (got ${parsed.positionals.join(', ')})`);
  const kinds = [v['target-base-url'], v['target-connection'], v['target-http']].filter(Boolean).length;
  if (kinds !== 1) bad('give one target: --target-base-url, --target-connection or --target-http', '--target-base-url');
  if (v.json === '') bad('--json: give a file path, or - for standard output', '--json');
  const target = v['target-http']
    ? { kind: 'http' as const, url: v['target-http'], secretEnv: v['secret-env'], timeoutMs: number(v['timeout-ms'], '--timeout-ms') }
    : {
        kind: 'openai' as const,
        ...(v['target-base-url'] ? { baseUrl: v['target-base-url'], apiKeyEnv: v['api-key-env'] } : { connection: v['target-connection'] }),
        model: v.model ?? bad('--model: name the model to replay with', '--model'),
        systemPrompt: v['system-prompt'],
        temperature: number(v.temperature, '--temperature'),
        maxTokens: number(v['max-tokens'], '--max-tokens'),
        extraBody: jsonObject(v['extra-body'], '--extra-body'),
      };
  const judgeKind = v.judge ?? (v['judge-name'] || v['judge-model'] ? 'openai' : undefined);
  if (judgeKind !== undefined && judgeKind !== 'openai' && judgeKind !== 'offline') bad('--judge: openai or offline', '--judge');
  const judge = judgeKind === 'offline' ? { kind: 'offline' as const } : judgeKind === 'openai' ? { kind: 'openai' as const, name: v['judge-name'], model: v['judge-model'] } : undefined;
  const metrics = v.metrics?.split(',').map((m) => m.trim()).filter(Boolean);
  const evaluate =
    metrics?.length || v['compare-with']
      ? { metrics, judge, options: jsonObject(v.options, '--options') as Record<string, Record<string, unknown>> | undefined, compareWith: v['compare-with'] }
      : undefined;
  return {
    source: source!,
    request: {
      target: JSON.parse(JSON.stringify(target)),
      mode: (v.mode ?? 'teacher-forced') as 'teacher-forced',
      modelVersion: v['model-version'] ?? bad('--model-version: label the new model version', '--model-version'),
      ...(judge && (v.mode === 'on-policy' || v.mode === 'simulated-user') ? { judge } : {}),
      ...(v['max-turns'] ? { maxTurns: number(v['max-turns'], '--max-turns') } : {}),
      ...(v.samples ? { samples: number(v.samples, '--samples') } : {}),
      ...(v.concurrency ? { concurrency: number(v.concurrency, '--concurrency') } : {}),
      ...(evaluate ? { evaluate: JSON.parse(JSON.stringify(evaluate)) } : {}),
    },
    compareWith: v['compare-with'],
    json: v.json,
    help,
  };
}

/** A source that names an existing file is a file; anything else is a dataset id. */
export const isDatasetFile = (source: string): boolean => existsSync(source);
