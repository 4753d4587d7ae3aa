import { createReadStream } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatProblem } from '../datasets';
import { getDb } from '../db/client';
import { ensureDatabase } from '../db/migrations';
import { DEFAULT_PROJECT_SLUG } from '../identity/project';
import { resolveCliProject } from './cli-project';
import { getRunDatasetId } from '../db/queries/runs/get-run-dataset-id';
import { wholeBodyLimit } from '../http/whole-body';
import { DEEPEVAL_LIMITS } from '../deepeval/limits';
import { looksLikeTestRun, TEST_RUN_SNIFF_CHARS } from '../deepeval/test-runs/detect-test-run';
import { importTestRunText } from '../deepeval/test-runs/import-test-run-file';
import { AppError, isAppError } from '../errors';
import { describeCounts } from '../pii/kinds';
import { importDatasetStream } from '../imports/import-dataset';
import { folderEvents } from '../imports/folder-events-node';
import { importOptionsSchema } from '../imports/import-options';
import type { EvalIo } from './eval-command';

export const IMPORT_USAGE = `usage: turnwise import <file | folder | archive.zip> [--name NAME] [--model-version LABEL] [--format ID]
                       [--thread-key FIELD] [--order-by FIELD] [--skip-invalid] [--redact LIST]
  Stores a dataset file in the database (DATABASE_URL) as the upload route does, reading it as it
  goes: a file of any size takes the memory of one batch of conversations. Prints the dataset id.
  A folder or a zip archive is read file by file (its JSON and JSONL files): an \`opik export\`
  folder, or Langfuse's session download beside its traces or observations export. The scores a
  file carries (Langfuse's, Opik's, promptfoo's, LangSmith's) are stored as a run that tool scored;
  prints its id too. What its format could not carry is said once per kind (note: lines).
  --thread-key and --order-by name the fields that group chat messages into conversations and
  order them (JSONL of messages with a thread id; defaults: thread_id, session_id, conversation_id…).
  A deepeval test run (test_run_*.json of DEEPEVAL_RESULTS_FOLDER) becomes a dataset version and a
  run with deepeval's scores, as its client would have sent it; prints the run id.
  --redact replaces personal data with placeholders before anything is stored: email, phone, card,
  ip, custom:<saved pattern>, builtin (the four) or all (the four and every saved pattern).`;

const SHOWN_PROBLEMS = 20;

/** `turnwise import`: streams a dataset file into the database; exit 0 stored, 2 bad input (nothing stored). */
export async function runImport(argv: string[], io: EvalIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      'model-version': { type: 'string' },
      format: { type: 'string' },
      'thread-key': { type: 'string' },
      'order-by': { type: 'string' },
      'skip-invalid': { type: 'boolean', default: false },
      redact: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    io.stdout(`${IMPORT_USAGE}\n`);
    return 0;
  }
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) throw new AppError('BAD_INPUT', `import takes one file or folder\n${IMPORT_USAGE}`);
  const info = await stat(file).catch(() => null);
  const folder = info?.isDirectory() ?? false;
  if (!info?.isFile() && !folder) throw new AppError('BAD_INPUT', `${file}: no such file or folder`, { file });
  if (!folder && (await isTestRunFile(file))) {
    // A test run's conversations come with deepeval's own scores and reasons, which quote them: it is stored as sent.
    if (values.redact) throw new AppError('BAD_INPUT', `${file}: --redact applies to dataset files; a deepeval test run is stored as deepeval sent it`, { field: '--redact' });
    return importTestRunFile(file, info!.size, io);
  }
  const parsed = importOptionsSchema.safeParse({
    name: values.name ?? path.basename(file),
    modelVersion: values['model-version'],
    fileName: path.basename(file),
    format: values.format,
    threadKey: values['thread-key'],
    orderBy: values['order-by'],
    skipInvalid: values['skip-invalid'] ? 'true' : undefined,
    redact: values.redact,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const flag = { modelVersion: 'model-version', threadKey: 'thread-key', orderBy: 'order-by' }[String(issue.path[0])] ?? String(issue.path[0] ?? 'name');
    throw new AppError('BAD_INPUT', `--${flag}: ${issue.message}`);
  }
  await ensureDatabase();
  const project = await resolveCliProject(io.project ?? DEFAULT_PROJECT_SLUG);
  const started = performance.now();
  const body = folder ? (async function* () {})() : createReadStream(file);
  const outcome = await importDatasetStream(getDb(), project.id, body, parsed.data, folder ? { events: folderEvents(file) } : {}).catch((error: unknown) => {
    // The option is --redact here.
    if (isAppError(error) && error.details?.field === 'redact') throw new AppError('BAD_INPUT', `--${error.message}`, { field: '--redact' });
    throw error;
  });
  const seconds = (performance.now() - started) / 1000;
  if (!outcome.ok) {
    const errors = outcome.problems.filter((p) => p.severity === 'error');
    const lines = errors.slice(0, SHOWN_PROBLEMS).map((p) => `  ${file}: ${formatProblem(p)}`);
    if (errors.length > SHOWN_PROBLEMS) lines.push(`  … and ${errors.length - SHOWN_PROBLEMS} more`);
    throw new AppError('BAD_INPUT', `${file}: ${outcome.message}\n${lines.join('\n')}`, { file });
  }
  for (const p of outcome.problems) io.stderr(`${file}: ${formatProblem(p)}\n`);
  if (outcome.skipped.length > 0) io.stderr(`${file}: ${outcome.skipped.length} line(s) left out (--skip-invalid)\n`);
  if (outcome.stats.redactions) io.stderr(`${file}: redacted ${describeCounts(outcome.stats.redactions) || 'nothing found'}\n`);
  io.stdout(
    `stored dataset ${outcome.datasetId}: ${outcome.stats.conversations} conversations, ${outcome.stats.turns} turns (${outcome.format}) in ${seconds.toFixed(1)} s\n`,
  );
  for (const note of outcome.notes) io.stderr(`note: ${file}: ${note}\n`);
  if (outcome.run) io.stdout(`stored run ${outcome.run.runId} with ${outcome.run.origin}'s scores: ${outcome.run.results} results of ${outcome.run.metrics.join(', ')}\n`);
  return 0;
}

async function isTestRunFile(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const start = Buffer.alloc(TEST_RUN_SNIFF_CHARS);
    const { bytesRead } = await handle.read(start, 0, start.length, 0);
    return looksLikeTestRun(start.subarray(0, bytesRead).toString('utf8'));
  } finally {
    await handle.close();
  }
}

/** A deepeval test run file: read whole (one JSON document), stored as the run its client would have sent. */
async function importTestRunFile(file: string, size: number, io: EvalIo): Promise<number> {
  const limit = wholeBodyLimit(DEEPEVAL_LIMITS.testRunBytes);
  if (size > limit.bytes) throw new AppError('TOO_LARGE', `${file}: a deepeval test run is read whole, and this one is larger than ${Math.round(limit.bytes / 1024 / 1024)} MB (${limit.variable})`, { file });
  await ensureDatabase();
  const project = await resolveCliProject(io.project ?? DEFAULT_PROJECT_SLUG);
  const started = performance.now();
  let receipt;
  try {
    receipt = await importTestRunText(getDb(), project, await readFile(file, 'utf8'), path.basename(file));
  } catch (error) {
    if (error instanceof AppError) throw new AppError(error.code, `${file}: ${error.message}`, { ...error.details, file });
    throw error;
  }
  const seconds = (performance.now() - started) / 1000;
  if (!receipt.stored) {
    io.stdout(`held ${receipt.received} of the ${receipt.expected} test cases of deepeval test run ${receipt.id}: the run is stored once the others arrive\n`);
    return 0;
  }
  const datasetId = await getRunDatasetId(getDb(), project.id, receipt.id);
  const again = receipt.repeated === receipt.received ? ' (already stored: the same run)' : '';
  io.stdout(`stored run ${receipt.id} from deepeval test run ${path.basename(file)}: ${receipt.expected} test cases, dataset ${datasetId}${again} in ${seconds.toFixed(1)} s\n`);
  return 0;
}
