/** Display helpers shared by pages and the CLI: no I/O, no React. */

export const formatScore = (score: number | null | undefined): string => (score === null || score === undefined ? '–' : score.toFixed(2));

export const formatPercent = (share: number | null | undefined): string =>
  share === null || share === undefined ? '–' : `${Math.round(share * 100)}%`;

export const formatDate = (date: Date): string => date.toISOString().replace('T', ' ').slice(0, 16);

/** Turnwise's snake_case names read as words (turn_faithfulness → Turn faithfulness); another tool's kebab-case names (promptfoo's llm-rubric) stay as that tool writes them. */
export const metricLabel = (metric: string): string => (metric.includes('-') ? metric : metric.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase()));

export const runStatusLabel: Record<string, string> = {
  queued: 'queued',
  running: 'running',
  completed: 'completed',
  completed_with_errors: 'completed with errors',
  failed: 'failed',
  cancelled: 'cancelled',
};

/** "1 h 5 min", "3 min 20 s", "42 s". */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}
