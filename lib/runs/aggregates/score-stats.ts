import type { UndecidedTurns } from '../../db/queries/runs/count-undecided-turns';
import type { FirstFailures } from '../../db/queries/runs/list-first-failures';
import { listRunScoreGroups, type ScoreGroup } from '../../db/queries/runs/list-run-score-groups';
import type { Db } from '../../db/db-types';
import { z } from 'zod';
import { metricRank } from '../../metrics/registry';

/**
 * A run's per-metric score distribution and aggregates: everything the run page's cards and
 * histograms show, small enough to store on the run (Run.scoreStats) so that a page view of
 * a finished run reads one row instead of scanning its results.
 */
export interface MetricScoreStats {
  metric: string;
  /** The pass threshold on 0..1 (strict mode's 1 included), as the results recorded it. */
  threshold: number;
  /** Results stored for the metric. */
  count: number;
  /** Results without a score (the metric errored). */
  errors: number;
  /** Scored results that passed. */
  passed: number;
  /** Sum of the reported scores (a scaled metric reports on its scale). */
  scoreSum: number;
  /** The distribution: [score rounded to 2 decimals, passed, failed], by score. */
  points: [number, number, number][];
}

export interface RunScoreStats {
  version: 1;
  metrics: MetricScoreStats[];
  /**
   * Per-turn figures of a run that is over (where conversations first fail, undecided turns),
   * stored when it closes: counting them reads every turn verdict of the run (seconds at
   * 100,000 conversations), too slow for each view of the run and compare pages.
   */
  turns?: RunTurnStats;
}

export interface RunTurnStats {
  firstFailures: FirstFailures;
  undecided: UndecidedTurns;
  /** Turn verdicts fewer than 80% of the judge's samples gave (0 for a run of one sample). */
  unstable: number;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * The run's score distribution from its results grouped in the database (listRunScoreGroups).
 */
export const computeRunScoreStats = async (db: Db, runId: string): Promise<RunScoreStats> => scoreStatsFromGroups(await listRunScoreGroups(db, runId));

/** Folds grouped results into per-metric stats, metrics in their usual order. */
export function scoreStatsFromGroups(groups: Iterable<ScoreGroup>): RunScoreStats {
  const byMetric = new Map<string, MetricScoreStats & { byScore: Map<number, [number, number]>; thresholds: Map<number, number> }>();
  for (const g of groups) {
    let s = byMetric.get(g.metric);
    if (!s) {
      s = { metric: g.metric, threshold: g.threshold, count: 0, errors: 0, passed: 0, scoreSum: 0, points: [], byScore: new Map(), thresholds: new Map() };
      byMetric.set(g.metric, s);
    }
    s.count += g.count;
    s.thresholds.set(g.threshold, (s.thresholds.get(g.threshold) ?? 0) + g.count);
    if (g.score === null) {
      s.errors += g.count;
      continue;
    }
    s.scoreSum += g.score * g.count;
    if (g.success) s.passed += g.count;
    const key = round2(g.score);
    const point = s.byScore.get(key) ?? [0, 0];
    point[g.success ? 0 : 1] += g.count;
    s.byScore.set(key, point);
  }
  const metrics = [...byMetric.values()]
    .sort((a, b) => metricRank(a.metric) - metricRank(b.metric) || a.metric.localeCompare(b.metric))
    .map(({ byScore, thresholds, ...s }) => ({
      ...s,
      // A run has one threshold per metric; should results disagree, the most common stands.
      threshold: [...thresholds].sort((a, b) => b[1] - a[1])[0]?.[0] ?? s.threshold,
      points: [...byScore].sort((a, b) => a[0] - b[0]).map(([score, [passed, failed]]) => [score, passed, failed] as [number, number, number]),
    }));
  return { version: 1, metrics };
}

const statsSchema = z.object({
  version: z.literal(1),
  metrics: z.array(
    z.object({
      metric: z.string(),
      threshold: z.number(),
      count: z.number().int().nonnegative(),
      errors: z.number().int().nonnegative(),
      passed: z.number().int().nonnegative(),
      scoreSum: z.number(),
      points: z.array(z.tuple([z.number(), z.number().int().nonnegative(), z.number().int().nonnegative()])),
    }),
  ),
  turns: z
    .object({
      firstFailures: z.object({
        rows: z.array(z.object({ metric: z.string(), first: z.number().int(), turnCount: z.number().int(), conversations: z.number().int().nonnegative() })),
        judged: z.record(z.string(), z.number().int().nonnegative()),
      }),
      undecided: z.object({ undecided: z.number().int().nonnegative(), judged: z.number().int().nonnegative() }),
      // Stored since the verdict map read it from here; older stats lack it and are counted again.
      unstable: z.number().int().nonnegative().optional(),
    })
    .optional(),
});

/** Stored stats, checked; null when missing or unreadable (they are then recomputed). */
export function parseScoreStats(value: unknown): RunScoreStats | null {
  const parsed = statsSchema.safeParse(value);
  if (!parsed.success) return null;
  const { turns, ...stats } = parsed.data;
  return turns?.unstable === undefined ? stats : { ...stats, turns: { ...turns, unstable: turns.unstable } };
}
