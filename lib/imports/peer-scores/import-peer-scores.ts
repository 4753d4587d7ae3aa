import type { LandedScore } from '../../datasets/peers/pieces';
import type { Db } from '../../db/db-types';
import { listConversationIds } from '../../db/queries/datasets/count-conversations';
import type { TurnVerdict } from '../../domain/verdict';
import { metricDescriptor } from '../../metrics/registry';
import { importRun, type ImportedResult, type ImportedRun } from '../../runs/imported/import-run';
import { lowerIsBetter, normalised, passes, PASS_THRESHOLD, scaleOf, storedValue, type Scale } from './score-values';

/** The scores another tool gave a stored conversation, by its position in the dataset. */
export interface ScoredConversation {
  position: number;
  scores: LandedScore[];
}

export interface PeerScoresRun {
  runId: string;
  origin: string;
  metrics: string[];
  results: number;
}

const JUDGE_LABEL_CHARS = 200;

/**
 * A peer's score keeps its own name as the Turnwise metric's (a custom-named result: no peer
 * score is the same computation as a Turnwise metric), with the tool's name after it where it
 * would otherwise pass for a built-in metric ("faithfulness" is free; "tool_use" becomes
 * "tool_use (Langfuse)").
 */
export function metricNameOf(tool: string, scoreName: string): string {
  return metricDescriptor(scoreName) ? `${scoreName} (${tool})` : scoreName;
}

interface Metric {
  name: string;
  tool: string;
  sourceName: string;
  scale: Scale | null;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

function resultOf(conversationId: string, metric: Metric, scores: LandedScore[]): ImportedResult {
  const origin = metric.tool.toLowerCase();
  const judge = `${metric.tool}: ${metric.sourceName}`;
  const onTurns = scores.filter((s) => s.turn !== undefined);
  const onWhole = scores.filter((s) => s.turn === undefined);
  const verdicts: TurnVerdict[] = [];
  for (const s of onTurns) {
    const value = normalised(s, metric.scale);
    const stored = storedValue(s, metric.scale);
    verdicts.push(
      value === null
        ? { turn: s.turn!, verdict: 'idk', reason: s.comment ?? `${judge} ${stored}` }
        : { turn: s.turn!, verdict: passes(metric.sourceName, value) ? 'yes' : 'no', score: value, reason: s.comment ?? `${judge} ${stored}` },
    );
  }
  const wholeValues = onWhole.map((s) => normalised(s, metric.scale)).filter((v): v is number => v !== null);
  const turnValues = verdicts.flatMap((v) => (v.score === undefined ? [] : [v.score]));
  const score = wholeValues.length > 0 ? mean(wholeValues) : turnValues.length > 0 ? mean(turnValues) : null;
  const reason =
    wholeValues.length > 0
      ? (onWhole.map((s) => s.comment).filter(Boolean).join(' ') || `${judge} ${onWhole.map((s) => storedValue(s, metric.scale)).join(', ')} on the conversation`)
      : `${judge}: the mean of ${turnValues.length} ${turnValues.length === 1 ? "turn's score" : "turns' scores"}`;
  const facts: Record<string, string | number | boolean> = {};
  if (onWhole.length > 0) facts.stored = onWhole.map((s) => storedValue(s, metric.scale)).join(', ');
  if (metric.scale) facts.scale = `${metric.scale.from}–${metric.scale.to}`;
  if (lowerIsBetter(metric.sourceName)) facts.lowerIsBetter = true;
  return {
    conversationId,
    metric: metric.name,
    score,
    success: score !== null && passes(metric.sourceName, score),
    threshold: PASS_THRESHOLD,
    strictMode: false,
    reason: score === null ? null : reason,
    error: score === null ? `${judge}: no number to score (categories ${scores.map((s) => s.label).filter(Boolean).join(', ') || 'without values'})` : null,
    verdicts,
    details: {
      origin,
      sourceMetric: metric.sourceName,
      judge,
      turnVerdicts: onTurns.length > 0 ? { found: true, from: `${metric.tool} scores on traces` } : { found: false, note: `${metric.tool} scored the conversation as a whole` },
      ...(Object.keys(facts).length > 0 ? { facts } : {}),
    },
  };
}

/**
 * Stores the scores that came with an imported dataset as a run closed through lib/runs' front
 * door for imports: a metric per score name, the tool and score name as its judge ("Langfuse:
 * helpfulness"), a result per conversation that has the score, per-turn verdicts where a score sat
 * on a trace that is one turn. Values become scores by score-values.ts.
 */
export async function importPeerScores(db: Db, datasetId: string, scored: ScoredConversation[], options: { modelVersion?: string | null } = {}): Promise<PeerScoresRun | null> {
  if (scored.length === 0) return null;
  const byName = new Map<string, Metric & { all: LandedScore[] }>();
  for (const { scores } of scored) {
    for (const s of scores) {
      const key = `${s.tool}\u0000${s.name}`;
      let metric = byName.get(key);
      if (!metric) byName.set(key, (metric = { name: metricNameOf(s.tool, s.name), tool: s.tool, sourceName: s.name, scale: null, all: [] }));
      metric.all.push(s);
    }
  }
  for (const metric of byName.values()) metric.scale = scaleOf(metric.all);
  const ids = await listConversationIds(db, datasetId);
  const idAt = new Map(ids.map((c) => [c.position, c.id]));
  const results: ImportedResult[] = [];
  for (const { position, scores } of scored) {
    const conversationId = idAt.get(position);
    if (!conversationId) continue;
    const byMetric = new Map<string, LandedScore[]>();
    for (const s of scores) {
      const key = `${s.tool}\u0000${s.name}`;
      byMetric.set(key, [...(byMetric.get(key) ?? []), s]);
    }
    for (const [key, own] of byMetric) results.push(resultOf(conversationId, byName.get(key)!, own));
  }
  const metrics = [...byName.values()];
  const tools = [...new Set(metrics.map((m) => m.tool))];
  const label = tools.map((tool) => `${tool}: ${metrics.filter((m) => m.tool === tool).map((m) => m.sourceName).join(', ')}`).join('; ');
  const run: ImportedRun = {
    datasetId,
    origin: tools.map((t) => t.toLowerCase()).join('+'),
    judgeLabel: label.length > JUDGE_LABEL_CHARS ? `${label.slice(0, JUDGE_LABEL_CHARS - 1)}…` : label,
    modelVersion: options.modelVersion ?? null,
    metrics: Object.fromEntries(
      metrics.map((m) => [
        m.name,
        { threshold: PASS_THRESHOLD, strictMode: false, source: { tool: m.tool, score: m.sourceName, ...(m.scale ? { scale: m.scale } : {}), ...(lowerIsBetter(m.sourceName) ? { lowerIsBetter: true } : {}) } },
      ]),
    ),
    totalResults: results.length,
  };
  const stored = await importRun(db, run, [results]);
  return { runId: stored.runId, origin: run.origin, metrics: metrics.map((m) => m.name), results: results.length };
}
