import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../errors';
import { createJudge, defaultJudgeSelection, loadJudgeConfig, type JudgeSelection } from '../judge/config';
import { getDb } from '../db/client';
import { ensureDatabase } from '../db/migrations';
import { createPrismaJudgeCache } from '../db/queries/judge-cache';
import type { MetricName, MetricResult } from '../metrics/types';
import { recordEvaluation } from '../runs/record-evaluation';
import { evaluateConversations, type MetricSelection } from '../runs/evaluate-conversations';
import { applicableMetrics } from '../runs/applicable-metrics';
import type { EvalArgs } from './eval-args';
import { buildEvalReport, formatEvalTable, formatUsage } from './eval-report';
import { loadDatasetFile } from './load-dataset-file';

export interface EvalIo {
  env: Record<string, string | undefined>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

function metricOptions(args: EvalArgs, name: MetricName): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  if (args.threshold !== undefined) options.threshold = args.threshold;
  if (args.strict) options.strictMode = true;
  if (args.noReason) options.includeReason = false;
  if (args.windowSize !== undefined && (name === 'turn_faithfulness' || name === 'conversation_relevancy')) {
    options.windowSize = args.windowSize;
  }
  return options;
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

/** `turnwise eval`: exit 0 when every metric passes, 1 when any fails, 2 on bad input (thrown as AppError). */
export async function runEvalCommand(args: EvalArgs, io: EvalIo): Promise<number> {
  const dataset = await loadDatasetFile(args.file);
  const names = args.metrics ?? applicableMetrics(dataset.conversations);
  const metrics: MetricSelection[] = names.map((name) => ({ name, options: metricOptions(args, name) }));

  const { selection, env } = judgeSelection(args, io.env);
  const config = loadJudgeConfig(env);
  await ensureDatabase();
  const db = getDb();
  const judge = createJudge(selection, config, { cache: createPrismaJudgeCache(db), concurrency: args.concurrency });
  if (selection.kind === 'openai' && judge.kind !== 'offline') {
    io.stderr(`judge: ${selection.name ?? 'openai'} (${judge.model})\n`);
  } else {
    io.stderr('judge: offline heuristic judge (no LLM; set OPENAI_API_KEY or pass --judge openai for an LLM judge)\n');
  }

  let results: (MetricResult | null)[][];
  if (args.save) {
    const saved = await recordEvaluation(db, {
      dataset: {
        name: args.name ?? path.basename(args.file),
        sourceFormat: dataset.format,
        sourceFileName: path.basename(args.file),
        modelVersion: args.modelVersion,
        conversations: dataset.conversations,
      },
      metrics,
      judge,
      judgeName: selection.kind === 'openai' ? (selection.name ?? 'openai') : null,
      concurrency: args.concurrency,
    });
    results = saved.results;
    io.stderr(`saved: dataset ${saved.datasetId}, run ${saved.runId} (${saved.status})\n`);
  } else {
    results = await evaluateConversations({ conversations: dataset.conversations, metrics, judge, concurrency: args.concurrency });
  }

  const report = buildEvalReport(dataset.conversations, results, judge.usage());
  if (args.json === '-') {
    io.stdout(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    io.stdout(`${formatEvalTable(report)}\n\n${formatUsage(report)}\n`);
    if (args.json) {
      try {
        await writeFile(args.json, `${JSON.stringify(report, null, 2)}\n`);
      } catch (e) {
        throw new AppError('BAD_INPUT', `--json: cannot write ${args.json}: ${(e as Error).message}`, { field: '--json' });
      }
    }
  }
  const failed = results.flat().some((r) => r !== null && !r.success);
  return failed ? 1 : 0;
}
