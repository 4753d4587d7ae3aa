import type { Conversation } from '../domain/conversation';
import type { MetricName } from '../metrics/registry';
import type { MetricResult } from '../domain/metric-result';
import type { Usage } from '../domain/usage';

export interface EvalReport {
  conversations: {
    id: string;
    metrics: Partial<Record<MetricName, {
      score: number | null;
      success: boolean;
      reason: string | null;
      error: string | null;
      /** turn: numbered from 1, as the dashboard shows it; score: the unit's own score (window or turn) where the metric gives one. */
      verdicts: { turn: number; verdict: string; score?: number; reason: string }[];
    }>>;
  }[];
  usage: { calls: number; promptTokens: number; completionTokens: number; cacheHits: number; costUsd: number };
}

/** The id a report shows for a conversation: external id, else name, else its position. */
export function reportConversationLabel(c: Conversation, position: number): string {
  return c.externalId ?? c.name ?? String(position);
}

export function buildEvalReport(
  conversations: Conversation[],
  results: (MetricResult | null)[][],
  usage: Usage,
): EvalReport {
  return {
    conversations: conversations.map((c, i) => ({
      id: reportConversationLabel(c, i),
      metrics: Object.fromEntries(
        results[i]
          .filter((r): r is MetricResult => r !== null)
          .map((r) => [
            r.metric,
            {
              score: r.score,
              success: r.success,
              reason: r.reason,
              error: r.error,
              verdicts: r.verdicts.map((v) => ({ turn: v.turn + 1, verdict: v.verdict, ...(v.score !== undefined ? { score: v.score } : {}), reason: v.reason })),
            },
          ]),
      ),
    })),
    usage: {
      calls: usage.calls,
      promptTokens: usage.promptTokens,
      completionTokens: usage.completionTokens,
      cacheHits: usage.cacheHits,
      costUsd: Number(usage.costUsd.toFixed(6)),
    },
  };
}

const clip = (s: string, n: number): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** A plain-text table: one row per conversation and metric. */
export function formatEvalTable(report: EvalReport, width = 120): string {
  const rows: string[][] = [['conversation', 'metric', 'score', 'result', 'reason']];
  for (const c of report.conversations) {
    for (const [metric, r] of Object.entries(report.conversations.length ? c.metrics : {})) {
      if (!r) continue;
      const result = r.error ? 'ERROR' : r.success ? 'pass' : 'FAIL';
      rows.push([clip(c.id, 24), metric, r.score === null ? '-' : r.score.toFixed(2), result, oneLine(r.error ?? r.reason ?? '')]);
    }
  }
  const widths = [0, 1, 2, 3].map((col) => Math.max(...rows.map((r) => r[col].length)));
  const fixed = widths.reduce((a, b) => a + b + 2, 0);
  const reasonWidth = Math.max(20, width - fixed);
  return rows
    .map((r) => [...r.slice(0, 4).map((cell, col) => cell.padEnd(widths[col])), clip(r[4], reasonWidth)].join('  ').trimEnd())
    .join('\n');
}

export function formatUsage(report: EvalReport): string {
  const u = report.usage;
  return `judge calls: ${u.calls}, cache hits: ${u.cacheHits}, tokens: ${u.promptTokens} prompt + ${u.completionTokens} completion, cost ≈ $${u.costUsd.toFixed(4)}`;
}
