import type { RunTableQuery } from '@/lib/domain/run-table-query';
import { formatScore, metricLabel } from '@/lib/format/format';

/** The table's active filters and order in words, e.g. ["failed only", "on Turn faithfulness"]. */
export function describeTableQuery(query: RunTableQuery): string[] {
  const parts: string[] = [];
  if (query.failedOnly) parts.push('failed only');
  if (query.unstableOnly) parts.push('unstable only');
  if (query.metric) {
    parts.push(`on ${metricLabel(query.metric)}`);
    if (query.minScore !== null) parts.push(`score ≥ ${formatScore(query.minScore)}`);
    if (query.maxScore !== null) parts.push(`score ≤ ${formatScore(query.maxScore)}`);
  }
  if (query.sort) parts.push(`sorted by ${metricLabel(query.sort)}${query.dir === 'desc' ? ', highest first' : ', lowest first'}`);
  return parts;
}
