import type { Db } from '../db/db-types';
import { isPassingDbError } from '../db/passing-error';
import { listAlertRules } from '../db/queries/alerts/alert-rules';
import { projectOfSignal } from '../db/queries/alerts/signal-project';
import { ANY_PROJECT } from '../db/project-scope';
import { deleteAlertSignal, leaseAlertSignal, listDueAlertSignals, type AlertSignalRow } from '../db/queries/alerts/alert-signals';
import { applyObservation } from './apply-observation';
import { observeJudgeCost } from './conditions/cost-conditions';
import { observeIngestFailure, observeIngestRecovery } from './conditions/ingest-conditions';
import { observeOnlineWindows } from './conditions/online-conditions';
import { observeReplay } from './conditions/replay-conditions';
import { observeRun } from './conditions/run-conditions';
import { activeRules, type ActiveRule, type Observation } from './observation';

export interface EvaluationContext {
  db: Db;
  log: (line: string) => void;
  /** The clock (tests move it). */
  now?: () => Date;
}

/** A worker holds a signal this long while it evaluates it; one that died lets another take it then. */
const SIGNAL_LEASE_MS = 2 * 60_000;
const SIGNALS_PER_TICK = 100;

const instanceCost = (rules: readonly ActiveRule[]) => rules.filter(({ condition: c }) => c.kind === 'judge_cost' && c.onlineRuleId === null);

async function observeSignal(db: Db, allRules: readonly ActiveRule[], signal: AlertSignalRow, now: Date, log: (line: string) => void): Promise<Observation[]> {
  const id = signal.subjectId ?? '';
  // A signal is looked at by the rules of its subject's project alone.
  const projectId = await projectOfSignal(db, signal.kind, signal.subjectId);
  const rules = allRules.filter((r) => r.row.projectId === projectId);
  if (!rules.length) return [];
  switch (signal.kind) {
    case 'run':
      // A run's spend adds to the day's: the instance's cost rules look again.
      return [...(await observeRun(db, rules, id, log)), ...(await observeJudgeCost(db, instanceCost(rules), null, now))];
    case 'replay':
      return observeReplay(db, rules, id);
    case 'online':
      return [...(await observeOnlineWindows(db, rules, id, now)), ...(await observeJudgeCost(db, rules, id, now))];
    case 'ingest': {
      const detail = (signal.detail ?? {}) as { batches?: number; error?: string };
      return observeIngestFailure(rules, { batches: Number(detail.batches) || 1, error: String(detail.error ?? 'unknown error') });
    }
    default:
      return [];
  }
}

/**
 * The signals features recorded (a run closed, a replay ended, an online pass, an ingest
 * failure), oldest first, each taken under a lease so that workers sharing a PostgreSQL database
 * take each once, each judged against the enabled rules and then deleted. A database that blinks
 * leaves the signal for the next tick; any other error is logged and the signal dropped (a look
 * that fails for a bug would fail again). The number looked at.
 */
export async function evaluateSignals({ db, log, now = () => new Date() }: EvaluationContext): Promise<number> {
  const signals = await listDueAlertSignals(db, now(), SIGNALS_PER_TICK);
  if (!signals.length) return 0;
  const rules = activeRules(await listAlertRules(db, ANY_PROJECT, { enabledOnly: true }), log);
  let done = 0;
  for (const signal of signals) {
    if (!(await leaseAlertSignal(db, signal.id, now(), SIGNAL_LEASE_MS))) continue;
    try {
      for (const observation of await observeSignal(db, rules, signal, now(), log)) await applyObservation(db, observation, now());
    } catch (error) {
      if (isPassingDbError(error)) throw error;
      log(`alerts: the ${signal.kind} signal ${signal.subjectId ?? ''} could not be evaluated: ${(error as Error).message}`);
    }
    await deleteAlertSignal(db, signal.id);
    done++;
  }
  return done;
}

/**
 * What changes with the clock, looked at now and then: online windows of hours slide, the day's
 * judge spend grows and a new UTC day resets it and the online rules' caps, and an ingest
 * failure resolves once batches are ingested again.
 */
export async function sweepAlerts({ db, log, now = () => new Date() }: EvaluationContext): Promise<void> {
  const rules = activeRules(await listAlertRules(db, ANY_PROJECT, { enabledOnly: true, kinds: ['online_window', 'judge_cost', 'failure'] }), log);
  if (!rules.length) return;
  const at = now();
  const observations = [...(await observeOnlineWindows(db, rules, null, at)), ...(await observeJudgeCost(db, rules, null, at)), ...(await observeIngestRecovery(db, rules))];
  for (const observation of observations) await applyObservation(db, observation, at);
}
