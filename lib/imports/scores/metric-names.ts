import type { ImportedScore, ScoredConversation } from '../../datasets/imported-scores';
import { isBuiltInMetric } from '../../metrics/registry';

/** One tool's score name, as one metric of the run. */
export interface ScoreMetric {
  /** Turnwise's name of the metric. */
  name: string;
  tool: string;
  /** The tool's own name of the score. */
  sourceName: string;
}

/** The key of a tool's score name: scores with one key are one metric. */
export const metricKey = (s: ImportedScore): string => `${s.tool}\u0000${s.sameAs ?? s.name}`;

/**
 * The metrics of a file's scores, in the order met, by metricKey. A score keeps its tool's name
 * ("helpfulness", "llm-rubric"): no other tool's score is computed as a Turnwise metric is, so none
 * passes for one, and the tool is added where the name would: a built-in metric's name
 * ("tool_use (Langfuse)"), or another tool's score of the same name in the same import. The one
 * exception is a score the reader knows is the same metric as a Turnwise one (`sameAs`:
 * promptfoo's conversation-relevance, adapted from deepeval's turn relevancy, is
 * conversation_relevancy), which takes that metric's name.
 */
export function scoreMetrics(scored: readonly ScoredConversation[]): Map<string, ScoreMetric> {
  const metrics = new Map<string, ScoreMetric>();
  const toolsOfName = new Map<string, Set<string>>();
  for (const { scores } of scored) {
    for (const s of scores) {
      const key = metricKey(s);
      if (metrics.has(key)) continue;
      metrics.set(key, { name: s.sameAs ?? s.name, tool: s.tool, sourceName: s.name });
      if (!s.sameAs) toolsOfName.set(s.name, (toolsOfName.get(s.name) ?? new Set()).add(s.tool));
    }
  }
  for (const metric of metrics.values()) {
    if (metric.name !== metric.sourceName) continue;
    if (isBuiltInMetric(metric.name) || (toolsOfName.get(metric.name)?.size ?? 0) > 1) metric.name = `${metric.sourceName} (${metric.tool})`;
  }
  return metrics;
}
