import { compareRuns } from '../../compare/compare-runs';
import type { Db } from '../../db/db-types';
import { getRunFacts, listEarlierRuns, namesOf, type RunFacts } from '../../db/queries/alerts/alert-facts';
import { parseRunSummary } from '../../domain/run-summary';
import type { RunResultCondition } from '../rule-input';
import { percentText, scoreText, type ActiveRule, type Observation } from '../observation';

const ENDED = new Set(['completed', 'completed_with_errors']);

/** A dataset-scoped rule watches runs on that dataset, and on the versions replays made of it. */
export const watchesDataset = (datasetId: string | null, run: Pick<RunFacts, 'datasetId' | 'familyId'>): boolean =>
  datasetId === null || datasetId === run.familyId || datasetId === run.datasetId;

const runLabel = (run: RunFacts) => `run ${run.id}${run.modelVersion ? ` (${run.modelVersion})` : ''} on "${run.datasetName}"`;

/**
 * What a closed run says to the rules on runs: its failure (or its ending well, which resolves
 * one), and its result against a value or its baseline. Runs that online rules score into
 * answer to the online rules' alerts instead; a cancelled run says nothing.
 */
export async function observeRun(db: Db, rules: readonly ActiveRule[], runId: string, log: (line: string) => void): Promise<Observation[]> {
  const watching = rules.filter(({ condition: c }) => c.kind === 'run_result' || (c.kind === 'failure' && (c.of === 'runs' || c.of === 'any')));
  if (!watching.length) return [];
  const run = await getRunFacts(db, runId);
  if (!run || run.onlineRuleId) return [];
  const out: Observation[] = [];
  for (const rule of watching) {
    const c = rule.condition;
    if (c.kind === 'failure') {
      if (!watchesDataset(c.datasetId, run) || !(run.status === 'failed' || ENDED.has(run.status))) continue;
      const failed = run.status === 'failed';
      out.push({
        rule,
        scopeKey: `runs:${run.familyId}`,
        firing: failed,
        value: null,
        summary: failed ? `The ${runLabel(run)} failed: ${(run.error ?? 'no reason was stored').slice(0, 500)}` : `The ${runLabel(run)} ended ${run.status.replace(/_/g, ' ')}`,
        link: `/runs/${run.id}`,
        details: { runId: run.id, datasetId: run.datasetId, status: run.status, error: run.error },
      });
    } else if (c.kind === 'run_result' && ENDED.has(run.status) && watchesDataset(c.datasetId, run)) {
      try {
        const seen = c.check === 'regression' ? await observeRegression(db, rule, c, run) : observeThreshold(rule, c, run);
        if (seen) out.push(seen);
      } catch (error) {
        log(`alert rule "${rule.row.name}": run ${run.id} could not be compared: ${(error as Error).message}`);
      }
    }
  }
  return out;
}

function observeThreshold(rule: ActiveRule, c: RunResultCondition, run: RunFacts): Observation | null {
  const metric = parseRunSummary(run.summary)[c.metric ?? ''];
  const raw = c.check === 'pass_rate_below' ? metric?.passRate : metric?.mean;
  if (raw === null || raw === undefined || c.value === null) return null;
  const value = c.check === 'pass_rate_below' ? raw * 100 : raw;
  const shown = c.check === 'pass_rate_below' ? percentText : scoreText;
  const firing = value < c.value;
  return {
    rule,
    scopeKey: `dataset:${run.familyId}`,
    firing,
    value,
    summary: `${c.check === 'pass_rate_below' ? 'Pass rate' : 'Mean score'} of ${c.metric!.replace(/_/g, ' ')} ${shown(value)} (${firing ? 'below' : 'at or above'} ${shown(c.value)}) in ${runLabel(run)}`,
    link: `/runs/${run.id}`,
    details: { runId: run.id, datasetId: run.datasetId, metric: c.metric, value, threshold: c.value },
  };
}

const metricsOf = (settings: unknown): string[] => (settings && typeof settings === 'object' ? Object.keys(settings) : []);

/** The run a run is compared with: the rule's, else the closed run before it on its dataset that scored the metric. */
async function baselineOf(db: Db, c: RunResultCondition, run: RunFacts): Promise<string | null> {
  if (c.baselineRunId) return c.baselineRunId === run.id ? null : c.baselineRunId;
  const earlier = await listEarlierRuns(db, run.projectId, run.familyId, run.createdAt, run.id);
  const wanted = c.metric ? [c.metric] : metricsOf(run.metricSettings);
  return earlier.find((r) => metricsOf(r.metricSettings).some((m) => wanted.includes(m)))?.id ?? null;
}

/** A regression as the compare page finds it: the whole paired-bootstrap interval of the difference below 0, on the metric or any. */
async function observeRegression(db: Db, rule: ActiveRule, c: RunResultCondition, run: RunFacts): Promise<Observation | null> {
  const baselineId = await baselineOf(db, c, run);
  if (!baselineId) return null;
  const report = await compareRuns(db, run.projectId, baselineId, [run.id]);
  const compared = report.metrics.filter((m) => (c.metric === null || m.metric === c.metric) && m.candidates[0]?.verdict !== 'not-scored');
  if (!compared.length) return null;
  const baseline = (await namesOf(db, run.projectId, { runs: [baselineId] })).runs.get(baselineId);
  const against = `run ${baselineId}${baseline ? ` (${baseline})` : ''}`;
  const regressions = report.regressions.filter((r) => c.metric === null || r.metric === c.metric).sort((a, b) => a.difference - b.difference);
  const worst = regressions[0];
  const said = regressions
    .slice(0, 3)
    .map((r) => `${r.metric.replace(/_/g, ' ')} fell by ${scoreText(-r.difference)} (95 % interval ${scoreText(r.ciLow)} to ${scoreText(r.ciHigh)})`)
    .join('; ');
  return {
    rule,
    scopeKey: `dataset:${run.familyId}`,
    firing: regressions.length > 0,
    value: worst?.difference ?? null,
    summary: worst
      ? `${said}${regressions.length > 3 ? ` and ${regressions.length - 3} more` : ''} in ${runLabel(run)} against ${against}`
      : `No regression in ${runLabel(run)} against ${against} (${compared.map((m) => m.metric.replace(/_/g, ' ')).join(', ')})`,
    link: `/compare?baseline=${encodeURIComponent(baselineId)}&candidate=${encodeURIComponent(run.id)}`,
    details: { runId: run.id, baselineRunId: baselineId, datasetId: run.datasetId, regressions },
  };
}
