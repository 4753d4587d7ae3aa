import type { Conversation } from '../domain/conversation';
import type { MetricName } from '../metrics/registry';
import type { MetricResult } from '../domain/metric-result';
import type { Usage } from '../domain/usage';

/** One metric's result as the report gives it. */
export interface EvalReportMetric {
  score: number | null;
  success: boolean;
  reason: string | null;
  error: string | null;
  /** turn: numbered from 1, as the dashboard shows it; score: the unit's own score (window or turn) where the metric gives one. */
  verdicts: { turn: number; verdict: string; score?: number; reason: string }[];
}

export interface EvalReport {
  conversations: {
    id: string;
    metrics: Partial<Record<MetricName, EvalReportMetric>>;
  }[];
  usage: { calls: number; promptTokens: number; completionTokens: number; cacheHits: number; costUsd: number };
}

/** The id a report shows for a conversation: external id, else name, else its position. */
export function reportConversationLabel(c: Conversation, position: number): string {
  return c.externalId ?? c.name ?? String(position);
}

/** What the report keeps of a result. */
export function reportMetric(r: MetricResult): EvalReportMetric {
  return {
    score: r.score,
    success: r.success,
    reason: r.reason,
    error: r.error,
    verdicts: r.verdicts.map((v) => ({ turn: v.turn + 1, verdict: v.verdict, ...(v.score !== undefined ? { score: v.score } : {}), reason: v.reason })),
  };
}

export function reportUsage(usage: Usage): EvalReport['usage'] {
  return {
    calls: usage.calls,
    promptTokens: usage.promptTokens,
    completionTokens: usage.completionTokens,
    cacheHits: usage.cacheHits,
    costUsd: Number(usage.costUsd.toFixed(6)),
  };
}

export function buildEvalReport(
  conversations: Conversation[],
  results: (MetricResult | null)[][],
  usage: Usage,
): EvalReport {
  return {
    conversations: conversations.map((c, i) => ({
      id: reportConversationLabel(c, i),
      metrics: Object.fromEntries(results[i].filter((r): r is MetricResult => r !== null).map((r) => [r.metric, reportMetric(r)])),
    })),
    usage: reportUsage(usage),
  };
}

const clip = (s: string, n: number): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim();

const TABLE_HEADER = ['conversation', 'metric', 'score', 'result', 'reason'];
const ID_WIDTH = 24;

/** The table's cells for one result. */
function tableCells(id: string, metric: string, r: EvalReportMetric): string[] {
  const result = r.error ? 'ERROR' : r.success ? 'pass' : 'FAIL';
  return [clip(id, ID_WIDTH), metric, r.score === null ? '-' : r.score.toFixed(2), result, oneLine(r.error ?? r.reason ?? '')];
}

/** The table's lines once its column widths are known. */
export function evalTableLayout(widths: number[], width = 120) {
  const fixed = widths.reduce((a, b) => a + b + 2, 0);
  const reasonWidth = Math.max(20, width - fixed);
  const line = (r: string[]) => [...r.slice(0, 4).map((cell, col) => cell.padEnd(widths[col])), clip(r[4], reasonWidth)].join('  ').trimEnd();
  return { line, header: line(TABLE_HEADER), row: (id: string, metric: string, r: EvalReportMetric) => line(tableCells(id, metric, r)) };
}

/**
 * The column widths of a table whose rows are not all known yet: the conversation labels and
 * metric names of the rows it will have; scores (0 to 1, "0.50") and results (pass, FAIL,
 * ERROR) are never wider than their headers.
 */
export function evalTableWidths(ids: Iterable<string>, metrics: Iterable<string>): number[] {
  let id = TABLE_HEADER[0].length;
  for (const i of ids) id = Math.max(id, clip(i, ID_WIDTH).length);
  let metric = TABLE_HEADER[1].length;
  for (const m of metrics) metric = Math.max(metric, m.length);
  return [id, metric, TABLE_HEADER[2].length, TABLE_HEADER[3].length];
}

/** A plain-text table: one row per conversation and metric. */
export function formatEvalTable(report: EvalReport, width = 120): string {
  const rows: string[][] = [TABLE_HEADER];
  for (const c of report.conversations) {
    for (const [metric, r] of Object.entries(report.conversations.length ? c.metrics : {})) {
      if (r) rows.push(tableCells(c.id, metric, r));
    }
  }
  const widths = [0, 1, 2, 3].map((col) => Math.max(...rows.map((r) => r[col].length)));
  return rows.map(evalTableLayout(widths, width).line).join('\n');
}

export function formatUsage(report: Pick<EvalReport, 'usage'>): string {
  const u = report.usage;
  return `judge calls: ${u.calls}, cache hits: ${u.cacheHits}, tokens: ${u.promptTokens} prompt + ${u.completionTokens} completion, cost ≈ $${u.costUsd.toFixed(4)}`;
}
