import { type Issues, describe, isPlainObject } from '../fields';
import { type ImportedScore, scoreNumber } from '../imported-scores';

/** LangSmith gives no pass mark with feedback: Turnwise reads one, as for every tool that gives none (lib/imports/scores/score-values.ts). */
export const NOTE_PASS_MARK = 'LangSmith feedback has no pass mark: a score of 0.5 or more counts as a pass (a key scored outside 0–1, a 1–5 rating, is read on its scale first).';
export const NOTE_CATEGORICAL = 'Feedback given as labels (categorical, no numeric score) is kept in the turn’s metadata, not as a score.';

/**
 * A run's feedback as scores, one per feedback key (its name kept as the metric's): the mean of
 * its numeric scores (`avg` of feedback_stats), with a sample of its comments as the reason.
 * Labels without a number stay metadata. Null when feedback_stats does not read.
 */
export function feedbackScores(
  stats: unknown,
  issues: Issues,
  notes: Set<string>,
): { scores: ImportedScore[]; labels?: Record<string, unknown> } | null {
  if (stats === undefined || stats === null) return { scores: [] };
  if (!isPlainObject(stats)) {
    issues.push({ severity: 'error', path: ['feedback_stats'], message: `expected LangSmith's feedback by key (an object), found ${describe(stats)}` });
    return null;
  }
  const scores: ImportedScore[] = [];
  const labels: Record<string, unknown> = {};
  for (const [key, stat] of Object.entries(stats)) {
    if (!isPlainObject(stat)) {
      issues.push({ severity: 'error', path: ['feedback_stats', key], message: `expected the feedback's statistics (n, avg, values…), found ${describe(stat)}` });
      continue;
    }
    const avg = scoreNumber(stat.avg);
    if (avg === null) {
      if (isPlainObject(stat.values) && Object.keys(stat.values).length) {
        labels[key] = stat.values;
        notes.add(NOTE_CATEGORICAL);
      }
      continue;
    }
    notes.add(NOTE_PASS_MARK);
    const comments = Array.isArray(stat.comments) ? stat.comments.filter((c): c is string => typeof c === 'string' && c.trim() !== '') : [];
    scores.push({ tool: 'LangSmith', name: key, kind: 'numeric', value: avg, ...(comments.length ? { reason: comments.join('\n') } : {}) });
  }
  return { scores, ...(Object.keys(labels).length ? { labels } : {}) };
}
