import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { compareRuns, type RunComparisonReport } from '../compare/compare-runs';
import type { Db } from '../db/db-types';
import { getRun } from '../db/queries/runs/get-run';
import { AppError } from '../errors';
import { createJudge, defaultJudgeSelection, loadJudgeConfig, type JudgeSelection } from '../judge/config';
import { getDb } from '../db/client';
import { ensureDatabase } from '../db/migrations';
import { DEFAULT_PROJECT_SLUG } from '../identity/project';
import { resolveCliProject } from './cli-project';
import { createPrismaJudgeCache } from '../db/queries/judge-cache';
import { OFFLINE_JUDGE_NOTICE } from '../judge/offline/notice';
import type { MetricResult } from '../domain/metric-result';
import { saveCustomMetric } from '../custom-metrics/save-custom-metric';
import { withEvaluationSteps } from '../custom-metrics/write-steps';
import type { Judge } from '../judge/types';
import { recordEvaluation } from '../imports/record-evaluation';
import { evaluateConversations, type EvaluationItem } from '../runs/execution/evaluate-conversations';
import { type MetricSelection } from '../metrics/selected-metric';
import { applicableMetrics, metricDescriptor } from '../metrics/registry';
import { formatComparison } from './compare-report';
import { formatAgreement } from './eval-agreement';
import type { EvalArgs } from './eval-args';
import type { Conversation } from '../domain/conversation';
import { describeCounts } from '../pii/kinds';
import { formatRedactSpec } from '../pii/redact-spec';
import { redactConversations } from '../pii/redact-conversation';
import { createRedactor } from '../pii/redactor';
import { redactSpecOf, resolveRedaction } from '../redaction/resolve-redaction';
import { storedRedaction } from '../redaction/stored-setting';
import { formatUsage, reportUsage } from './eval-report';
import { createEvalReportStream } from './eval-report-stream';
import { loadDatasetFile } from './load-dataset-file';
import { isLiveRun } from '../domain/run-progress';
import { notInDefaultSet } from '../metrics/default-set';
import { llmJudgeRefusal } from '../metrics/llm-judge-refusal';
import { llmOnlyMetricsOnOfflineJudge, refuseLlmOnlyMetricsOnOffline } from '../metrics/needs-llm-judge';

export interface EvalIo {
  env: Record<string, string | undefined>;
  /** The slug of the project the command works in (run-cli: --project, else TURNWISE_PROJECT, else "default"). */
  project?: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

function metricOptions(args: EvalArgs, name: string): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  if (args.threshold !== undefined) options.threshold = args.threshold;
  if (args.strict) options.strictMode = true;
  if (args.noReason) options.includeReason = false;
  // --window-size goes to the metrics that take one (custom ones carry theirs in the definition).
  if (args.windowSize !== undefined && 'windowSize' in (metricDescriptor(name)?.options.shape ?? {})) {
    options.windowSize = args.windowSize;
  }
  // --options names a metric and an option, so it is the more specific and wins over the flags.
  return { ...options, ...args.options?.[name] };
}

function judgeSelection(args: EvalArgs, env: Record<string, string | undefined>): { selection: JudgeSelection; env: Record<string, string | undefined> } {
  const kind = args.judge ?? (args.judgeBaseUrl || args.judgeName ? 'openai' : undefined);
  let judgeEnv = env;
  if (args.judgeBaseUrl) {
    // A local OpenAI-compatible server (Ollama, vLLM…) usually needs no key; the client needs some value.
    judgeEnv = { ...env, OPENAI_BASE_URL: args.judgeBaseUrl, OPENAI_API_KEY: env.OPENAI_API_KEY || 'no-key' };
  }
  if (kind === 'offline') return { selection: { kind: 'offline' }, env: judgeEnv };
  if (kind === 'openai') return { selection: { kind: 'openai', name: args.judgeName, model: args.judgeModel }, env: judgeEnv };
  const fallback = defaultJudgeSelection(loadJudgeConfig(judgeEnv));
  return { selection: fallback.kind === 'openai' ? { ...fallback, model: args.judgeModel } : fallback, env: judgeEnv };
}

/**
 * The --metric-file metrics with their definitions: their evaluation steps written by the judge
 * when a file lists none. With --save each is stored as a version (a new one only when it
 * changed), so that the run records which version it used and the dashboard can run it again.
 */
async function withCustomDefinitions(db: Db, projectId: string, chosen: MetricSelection[], args: EvalArgs, judge: Judge, io: EvalIo): Promise<MetricSelection[]> {
  const out: MetricSelection[] = [];
  for (const selection of chosen) {
    const definition = args.customMetrics.find((m) => m.name === selection.name);
    if (!definition) {
      out.push(selection);
      continue;
    }
    if (args.save) {
      const { metric, created } = await saveCustomMetric(db, projectId, definition, { judge: async () => judge, createdBy: 'cli', principal: null });
      io.stderr(`metric: ${metric.name} version ${metric.version}${created ? ' (saved)' : ' (unchanged)'}\n`);
      out.push({ ...selection, custom: { version: metric.version, definition: metric.definition } });
    } else {
      const ready = await withEvaluationSteps(definition, judge);
      // Not stored: version 0 marks a definition that only this command used.
      out.push({ ...selection, custom: { version: 0, definition: ready.definition } });
    }
  }
  return out;
}

/** Redacts the loaded conversations as --redact asks; what to store with them when they are saved. */
async function redactLoaded(db: Db, conversations: Conversation[], spec: string | undefined, io: EvalIo) {
  const settings = await resolveRedaction(db, redactSpecOf(spec, '--redact'), '--redact');
  const redactor = createRedactor(settings);
  if (!settings || !redactor) return {};
  const { each, total } = redactConversations(conversations, redactor);
  io.stderr(`redacted: ${describeCounts(total) || 'nothing found'} (--redact ${formatRedactSpec(storedRedaction(settings))})\n`);
  return { redactions: each, piiRedaction: { ...storedRedaction(settings, total) } };
}

/** A baseline must exist (NOT_FOUND names it) and be over: a run still scoring has no final numbers. */
async function checkBaseline(db: Db, projectId: string, runId: string): Promise<void> {
  const run = await getRun(db, projectId, runId);
  if (isLiveRun(run.status)) {
    throw new AppError('BAD_INPUT', `--baseline: run ${runId} is still ${run.status}; compare with a finished run`, { field: '--baseline' });
  }
}

/**
 * `turnwise eval`: exit 0 when every metric passes, 1 when any fails, 2 on bad input (thrown as
 * AppError). With --baseline (and --save) the stored run is compared with the baseline run and
 * the exit code is the comparison's: 1 when a metric's whole 95% interval of the difference is
 * below 0, else 0, so that a CI job fails on a regression rather than on thresholds the
 * baseline missed too.
 */
export async function runEvalCommand(args: EvalArgs, io: EvalIo): Promise<number> {
  const dataset = await loadDatasetFile(args.file);
  // Unnamed, the metrics are those of the default set the dataset has data for and every --metric-file one.
  const applicable = applicableMetrics(dataset.conversations);
  const outOfDefault = args.metrics === undefined ? applicable.filter((name) => notInDefaultSet(name) !== null) : [];
  if (outOfDefault.length > 0) io.stderr(`not scored by default: ${outOfDefault.join(', ')} (they judge what the retriever returned, not the replies; name them with --metrics to score them)\n`);
  const names: string[] = args.metrics ?? [...applicable.filter((name) => !outOfDefault.includes(name)), ...args.customMetrics.map((m) => m.name)];
  const unused = Object.keys(args.options ?? {}).filter((name) => !names.includes(name));
  if (unused.length > 0) {
    throw new AppError('BAD_INPUT', `--options: ${unused.join(', ')} is not among the metrics this dataset has data for (${names.join(', ')})`, {
      field: '--options',
    });
  }
  let chosen: MetricSelection[] = names.map((name) => ({ name, options: metricOptions(args, name) }));

  const { selection, env } = judgeSelection(args, io.env);
  const config = loadJudgeConfig(env);
  // --concurrency, else TURNWISE_JUDGE_CONCURRENCY, else the configuration's default.
  const concurrency = args.concurrency ?? config.concurrency;
  await ensureDatabase();
  const db = getDb();
  const projectId = (await resolveCliProject(io.project ?? DEFAULT_PROJECT_SLUG)).id;
  // Before any judge call: an unknown baseline costs nothing.
  if (args.baseline !== undefined) await checkBaseline(db, projectId, args.baseline);
  // Before the judge sees anything: the personal data --redact names is taken out of the file's conversations.
  const redaction = await redactLoaded(db, dataset.conversations, args.redact, io);
  const judge = createJudge(selection, config, { cache: createPrismaJudgeCache(db), concurrency, deferCacheWrites: true });
  // Before the judge writes anything: named metrics that need an LLM judge are refused; unnamed
  // ones (picked because the dataset has their data) are left out with a note.
  const isCustom = (name: string) => args.customMetrics.some((c) => c.name === name);
  const llmOnly = llmOnlyMetricsOnOfflineJudge(judge.kind, chosen.filter((m) => !isCustom(m.name)));
  if (llmOnly.length > 0 && args.metrics === undefined) {
    chosen = chosen.filter((m) => !llmOnly.includes(m.name));
    io.stderr(`left out: ${llmJudgeRefusal(llmOnly)}\n`);
  }
  refuseLlmOnlyMetricsOnOffline(judge.kind, chosen.map((m) => ({ name: m.name, custom: isCustom(m.name) })), '--metric', '--metric-file');
  if (selection.kind === 'openai' && judge.kind !== 'offline') {
    io.stderr(`judge: ${selection.name ?? 'openai'} (${judge.model})\n`);
  } else {
    io.stderr(
      `judge: offline heuristic judge. ${OFFLINE_JUDGE_NOTICE} For real evaluations set OPENAI_API_KEY (any OpenAI-compatible endpoint, with OPENAI_BASE_URL) or pass --judge-base-url and --judge-model; docs/judges.md: "Setting up an LLM judge".\n`,
    );
  }

  const metrics = await withCustomDefinitions(db, projectId, chosen, args, judge, io);

  // The report is written as results come in; none is kept to the end (eval-report-stream.ts).
  const report = createEvalReportStream(dataset.conversations, metrics);
  try {
    const onResult = (item: EvaluationItem, result: MetricResult) => report.add(item.conversation, metrics.findIndex((m) => m.name === item.metric), result);
    let comparison: RunComparisonReport | undefined;
    if (args.save) {
      const saved = await recordEvaluation(db, {
        dataset: {
          projectId,
          name: args.name ?? path.basename(args.file),
          sourceFormat: dataset.format,
          sourceFileName: path.basename(args.file),
          modelVersion: args.modelVersion,
          conversations: dataset.conversations,
          ...redaction,
        },
        metrics,
        judge,
        judgeName: selection.kind === 'openai' ? (selection.name ?? 'openai') : null,
        concurrency,
        onResult,
        retain: false,
      });
      io.stderr(`saved: dataset ${saved.datasetId}, run ${saved.runId} (${saved.status})\n`);
      if (args.baseline !== undefined) comparison = await compareRuns(db, projectId, args.baseline, [saved.runId]);
    } else {
      await evaluateConversations({ conversations: dataset.conversations, metrics, judge, concurrency, onResult, retain: false });
    }
    await judge.flush?.();

    const agreement = report.agreement();
    const usage = reportUsage(judge.usage());
    report.finish({ usage, ...(Object.keys(agreement).length ? { agreement } : {}), ...(comparison ? { comparison } : {}) });
    if (args.json === '-') {
      for await (const piece of report.json()) io.stdout(piece);
    } else {
      for await (const piece of report.table()) io.stdout(piece);
      io.stdout(`\n\n${formatUsage({ usage })}\n`);
      if (Object.keys(agreement).length) io.stdout(`\n${formatAgreement(agreement)}\n`);
      if (comparison) io.stdout(`\n${formatComparison(comparison)}\n`);
      if (args.json) {
        try {
          await copyFile(report.jsonFile, args.json);
        } catch (e) {
          throw new AppError('BAD_INPUT', `--json: cannot write ${args.json}: ${(e as Error).message}`, { field: '--json' });
        }
      }
    }
    if (comparison) return comparison.regressions.length > 0 ? 1 : 0;
    return report.failed() ? 1 : 0;
  } finally {
    report.close();
  }
}
