import type { ImportedScore, ScoredConversation } from '../../datasets/imported-scores';
import type { TurnVerdict } from '../../domain';
import type { ImportedResult, ImportedRun } from '../../runs/imported/import-run';
import { metricKey, scoreMetrics, type ScoreMetric } from './metric-names';
import { lowerIsBetter, normalised, passes, PASS_THRESHOLD, scaleOf, storedText, storedValue, type Scale } from './score-values';

type RunMetrics = ImportedRun['metrics'];

/** A metric of the run with how its scores read: their scale in the file, and its pass mark. */
interface Metric extends ScoreMetric {
  scale: Scale | null;
  lowerIsBetter: boolean;
  /** The tool's own pass mark where it gave one (promptfoo's threshold, kept as it is), else Turnwise's. */
  threshold: number;
  settings?: ImportedScore['settings'];
}

/** A score read onto [0, 1], with its pass: the tool's where it decided one, else Turnwise's reading (score-values.ts). */
interface Read {
  score: ImportedScore;
  value: number | null;
  pass: boolean;
}

const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / values.length;

function byMetric(scores: Iterable<ImportedScore>, into = new Map<string, ImportedScore[]>()): Map<string, ImportedScore[]> {
  for (const s of scores) {
    const list = into.get(metricKey(s));
    if (list) list.push(s);
    else into.set(metricKey(s), [s]);
  }
  return into;
}

function read(score: ImportedScore, metric: Metric): Read {
  const value = normalised(score, metric.scale);
  return { score, value, pass: value !== null && (score.pass ?? passes(metric.sourceName, value)) };
}

/** What a result keeps of how the tool stored its scores, where Turnwise read them otherwise: the value, its scale, lower-is-better. */
function factsOf(metric: Metric, scores: ImportedScore[]): Record<string, string | number | boolean> | undefined {
  const facts: Record<string, string | number | boolean> = {};
  if (metric.scale || scores.some((s) => s.kind !== 'numeric')) {
    const stored = scores.map(storedValue);
    facts.storedValue = stored.length === 1 && stored[0] !== null ? stored[0] : stored.map((v) => v ?? 'no value').join(', ');
  }
  if (metric.scale) facts.storedScale = `${metric.scale.from}…${metric.scale.to}`;
  if (metric.lowerIsBetter) facts.lowerIsBetter = true;
  return Object.keys(facts).length ? facts : undefined;
}

/**
 * One metric's scores of one conversation as one result. Its score is the one the tool gave the
 * whole conversation (the mean, if it gave several), else the mean of those it gave its turns,
 * each then a per-turn verdict on the reply it judged (pass → yes, fail → no, none the tool could
 * give → error, a category without a number → idk). It passes as every one of its scores passed
 * where the tool decided pass or fail (promptfoo's are never read again), else as its score reads
 * against the pass mark, as a Turnwise metric's mean of turns does.
 */
function resultOf(conversationId: string, metric: Metric, scores: ImportedScore[]): ImportedResult {
  const judge = `${metric.tool}: ${scores[0].judge ?? metric.sourceName}`;
  const said = (r: Read) => r.score.reason ?? `${judge} ${storedText(r.score, metric.scale)}`;
  const onTurns = scores.filter((s) => s.turn !== undefined).map((s) => read(s, metric));
  const whole = scores.filter((s) => s.turn === undefined).map((s) => read(s, metric));
  const verdicts: TurnVerdict[] = onTurns.map((r) =>
    r.value === null
      ? { turn: r.score.turn!, verdict: r.score.error !== undefined ? 'error' : 'idk', reason: r.score.error ?? said(r) }
      : { turn: r.score.turn!, verdict: r.pass ? 'yes' : 'no', score: r.value, reason: said(r) },
  );
  const basis = whole.length > 0 ? whole : onTurns;
  const numbers = basis.flatMap((r) => (r.value === null ? [] : [r.value]));
  const score = numbers.length > 0 ? mean(numbers) : null;
  const decided = basis.some((r) => r.score.pass !== undefined);
  const success = score !== null && (decided ? basis.every((r) => r.pass) : passes(metric.sourceName, score));
  let reason: string | null = null;
  if (score !== null) {
    if (whole.length > 0) reason = whole.map((r) => r.score.reason).filter(Boolean).join(' ') || `${judge} ${whole.map((r) => storedText(r.score, metric.scale)).join(', ')} on the conversation`;
    else if (onTurns.length === 1) reason = said(onTurns[0]);
    else reason = `Mean of the scores ${metric.tool} gave ${onTurns.length} replies (${onTurns.filter((r) => r.pass).length} passed): each is on its turn.`;
  }
  const labels = [...new Set(basis.flatMap((r) => (r.score.label !== undefined ? [r.score.label] : [])))];
  const error = score !== null ? null : (basis.find((r) => r.score.error !== undefined)?.score.error ?? `${judge} gave no number to score${labels.length ? ` (categories ${labels.join(', ')})` : ''}`);
  const facts = factsOf(metric, scores);
  return {
    conversationId,
    metric: metric.name,
    score,
    success,
    threshold: metric.threshold,
    strictMode: false,
    reason,
    error,
    verdicts,
    details: {
      origin: metric.tool.toLowerCase(),
      ...(metric.name !== metric.sourceName ? { sourceMetric: metric.sourceName } : {}),
      judge,
      ...(facts ? { facts } : {}),
      turnVerdicts: onTurns.length
        ? { found: true, from: `${metric.tool}'s ${onTurns.length === 1 ? 'score of the reply it judged' : 'scores of the replies it judged'}` }
        : { found: false, note: `No per-turn verdicts: ${metric.tool} scored the conversation as a whole` },
    },
  };
}

/**
 * A file's scores as an imported run's metrics and results: one result per conversation and
 * metric, in the order of the conversations; a metric per tool's score name (metric-names.ts),
 * its scale read from all its scores in the file, its pass mark and settings as the tool gave them
 * where it first named them.
 */
export function importedResults(scored: ScoredConversation[], conversationIds: string[]): { metrics: RunMetrics; results: ImportedResult[]; sources: ScoreMetric[] } {
  const named = scoreMetrics(scored);
  const all = new Map<string, ImportedScore[]>();
  for (const { scores } of scored) byMetric(scores, all);
  const byKey = new Map<string, Metric>();
  for (const [key, metric] of named) {
    const scores = all.get(key)!;
    byKey.set(key, {
      ...metric,
      scale: scaleOf(scores),
      lowerIsBetter: scores.every((s) => s.pass === undefined) && lowerIsBetter(metric.sourceName),
      threshold: scores.find((s) => s.threshold !== undefined)?.threshold ?? PASS_THRESHOLD,
      settings: scores.find((s) => s.settings)?.settings,
    });
  }
  const results: ImportedResult[] = [];
  for (const { position, scores } of scored) {
    for (const [key, list] of byMetric(scores)) results.push(resultOf(conversationIds[position], byKey.get(key)!, list));
  }
  const used = [...byKey.values()];
  const metrics: RunMetrics = Object.fromEntries(
    used.map((m) => [
      m.name,
      {
        threshold: m.threshold,
        strictMode: false,
        ...(m.name !== m.sourceName ? { sourceMetric: m.sourceName } : {}),
        ...m.settings,
        ...(m.scale ? { storedScale: `${m.scale.from}…${m.scale.to}` } : {}),
        ...(m.lowerIsBetter ? { lowerIsBetter: true } : {}),
      },
    ]),
  );
  return { metrics, results, sources: used };
}
