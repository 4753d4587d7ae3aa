import { loadJudgeConfigWithConnections } from '../connections/judge-config-with-connections';
import type { Db } from '../db/db-types';
import { createRun } from '../db/queries/runs/create-run';
import { listRunConversations } from '../db/queries/runs/list-run-conversations';
import { listOnlineRules, leaseOnlineRule, markCapReached, markScanned, releaseOnlineRule, type OnlineRuleRow } from '../db/queries/online/online-rules';
import {
  copyConversation,
  createOnlineDataset,
  currentScoresOf,
  discardCopy,
  findOnlineRun,
  holdOnlineRun,
  listClosedConversations,
  recordOnlineScore,
  type ClosedConversation,
  usageOfConversation,
  spentOn,
  supersedeScore,
  SUPERSEDED_DAY,
} from '../db/queries/online/online-scores';
import { canonicalJson } from '../judge/cache-key';
import type { JudgeSelection } from '../judge/config';
import type { Judge } from '../judge/types';
import { storedSettingsOf, type MetricSelection } from '../metrics/selected-metric';
import { countItems } from '../runs/execution/evaluate-conversations';
import { executeRunChunk } from '../runs/execution/execute-run-chunk';
import { finishRun } from '../runs/lifecycle';
import { resolveMetrics } from '../runs/request/resolve-metrics';
import { resolveRunJudge, type RunJudge } from '../runs/execution/run-judge';
import { newWorkerId } from '../runs/execution/worker-identity';
import { inSample, utcDay } from './sample';
import { capReached, uncappedSpend } from './spend-caps';

const RULE_LEASE_MS = 5 * 60_000;
/** Closed conversations looked at per rule and pass. */
const PASS_SIZE = 200;
const CONCURRENCY = 4;

export interface OnlinePassOptions {
  db: Db;
  env: Record<string, string | undefined>;
  /** The clock (tests move it past the idle time). */
  now?: Date;
  /** Replaces the rules' judge (tests). */
  judge?: Judge;
  workerId?: string;
  log?: (message: string) => void;
}

export interface RulePass {
  ruleId: string;
  scored: number;
  superseded: number;
  /** Left out by the sample rate. */
  unsampled: number;
  /** The daily cost cap stopped the pass. */
  capped: boolean;
}

interface RuleContext {
  rule: OnlineRuleRow;
  day: string;
  judge: RunJudge;
  metrics: MetricSelection[];
  workerId: string;
  leaseUntil: Date;
}

const settingsOf = ({ judge, metrics }: RuleContext) => ({
  judgeKind: judge.judgeKind,
  judgeName: judge.judgeName,
  judgeModel: judge.judgeModel,
  metricSettings: Object.fromEntries(metrics.map((m) => [m.name, storedSettingsOf(m)])),
});

/**
 * The dataset and run of a rule's day and model version, made on first use, and made anew when
 * the rule's metrics or judge changed since (one run scores every conversation the same way).
 */
async function onlineRunOf(db: Db, ctx: RuleContext, day: string, modelVersion: string | null): Promise<{ datasetId: string; runId: string }> {
  const superseded = day === SUPERSEDED_DAY;
  const settings = settingsOf(ctx);
  const found = await findOnlineRun(db, ctx.rule.id, day, modelVersion);
  if (found && (superseded || canonicalJson(found.settings) === canonicalJson(settings))) return found;
  const since = found ? ` · from ${new Date().toISOString().slice(11, 16)} UTC` : '';
  const datasetId = await createOnlineDataset(db, {
    ruleId: ctx.rule.id,
    day,
    modelVersion,
    name: `Online: ${ctx.rule.name} · ${superseded ? 'superseded results' : day}${modelVersion ? ` · ${modelVersion}` : ''}${since}`,
    description: superseded
      ? `Results of rule "${ctx.rule.name}" on conversations that got new turns afterwards (they were scored again)`
      : `Production conversations scored by rule "${ctx.rule.name}" on ${day} (UTC)${found ? ', after its metrics or judge changed' : ''}`,
  });
  const { id: runId } = await createRun(db, {
    datasetId,
    modelVersion,
    ...settings,
    concurrency: CONCURRENCY,
    totalItems: 0,
    status: 'running',
    lease: { workerId: ctx.workerId, leaseUntil: ctx.leaseUntil },
  });
  return { datasetId, runId };
}

/**
 * One rule's pass: its live conversations that have been quiet for its idle time and are not
 * scored at their current turn count are sampled, then each is copied into the run of its UTC
 * day and model version and scored there by the run executor. A conversation scored before
 * with fewer turns has its older result superseded. The daily cap is checked before each one.
 */
async function scoreRule(options: OnlinePassOptions, rule: OnlineRuleRow, now: Date): Promise<RulePass> {
  const { db, env } = options;
  const pass: RulePass = { ruleId: rule.id, scored: 0, superseded: 0, unsampled: 0, capped: false };
  const day = utcDay(now);
  if (rule.capReachedOn === day) return { ...pass, capped: true };
  // From where the last pass stopped (ties at that instant are looked at again; the ledger skips them).
  const current = await currentScoresOf(db, rule.id, rule.datasetIds);
  const before = new Date(now.getTime() - rule.idleMinutes * 60_000);
  // Pages of closed conversations until PASS_SIZE are due: a slice of spans gives many the same
  // last activity, and those scored or left out of the sample must not hide the ones after them.
  const due: ClosedConversation[] = [];
  let last: ClosedConversation | undefined;
  for (;;) {
    const page = await listClosedConversations(db, rule.datasetIds, { from: rule.scannedUntil, before, after: last }, PASS_SIZE);
    if (page.length) last = page[page.length - 1];
    for (const c of page) {
      if (current.get(`${c.datasetId}\n${c.externalId}`)?.turnCount === c.turnCount) continue;
      if (inSample(c.externalId, rule.sampleRate)) due.push(c);
      else pass.unsampled++;
    }
    if (page.length < PASS_SIZE || due.length >= PASS_SIZE) break;
  }
  if (!last) return pass;
  // The next pass starts at the first conversation not handled, else at the last one looked at.
  let resumeAt = last.lastActivityAt;
  if (due.length === 0) {
    await markScanned(db, rule.id, resumeAt);
    return pass;
  }
  const judge = resolveRunJudge(rule.judge as JudgeSelection, await loadJudgeConfigWithConnections(db, env));
  // A rule saved before caps in calls and tokens existed, whose judge has no known price: nothing bounds its spend.
  const uncapped = uncappedSpend({ ...rule, judgeKind: judge.judgeKind, judgeModel: judge.judgeModel });
  if (uncapped) {
    options.log?.(`online rule "${rule.name}" is not scored: ${uncapped}`);
    return { ...pass, capped: true };
  }
  const ctx: RuleContext = {
    rule,
    day,
    judge,
    metrics: await resolveMetrics(db, rule.metrics),
    workerId: options.workerId ?? newWorkerId(),
    leaseUntil: new Date(Date.now() + RULE_LEASE_MS),
  };
  const held = new Set<string>();
  let at = resumeAt;
  try {
    for (const conversation of due) {
      at = conversation.lastActivityAt;
      if (rule.dailyCapUsd !== null || rule.dailyCapCalls !== null || rule.dailyCapTokens !== null) {
        // What today cost so far, plus what a conversation has cost on average today.
        if (capReached(rule, await spentOn(db, rule.id, day))) {
          await markCapReached(db, rule.id, day);
          pass.capped = true;
          resumeAt = at;
          break;
        }
      }
      const version = rule.versionAttribute ? (conversation.labels[rule.versionAttribute] ?? null) : null;
      const run = await onlineRunOf(db, ctx, day, version);
      const copy = await copyConversation(db, conversation.id, run.datasetId);
      const [row] = await listRunConversations(db, run.datasetId, { from: copy.position, to: copy.position + 1 });
      const items = countItems([row.conversation], ctx.metrics);
      await holdOnlineRun(db, run.runId, ctx.workerId, ctx.leaseUntil, items);
      held.add(run.runId);
      try {
        await executeRunChunk({ db, env, runId: run.runId, range: { from: copy.position, to: copy.position + 1 }, judge: options.judge });
      } catch (error) {
        // Not scored: the next pass takes the conversation again.
        await discardCopy(db, { id: copy.id, datasetId: run.datasetId, runId: run.runId, items }).catch(() => undefined);
        throw error;
      }
      await recordOnlineScore(db, {
        ruleId: rule.id,
        liveDatasetId: conversation.datasetId,
        externalId: conversation.externalId,
        turnCount: conversation.turnCount,
        day,
        runId: run.runId,
        conversationId: copy.id,
        ...(await usageOfConversation(db, run.runId, copy.id)),
      });
      pass.scored++;
      const older = current.get(`${conversation.datasetId}\n${conversation.externalId}`);
      if (older) {
        const history = await onlineRunOf(db, ctx, SUPERSEDED_DAY, null);
        await supersedeScore(db, older, history, now);
        held.add(history.runId);
        if (!held.has(older.runId)) await finishRun(db, older.runId);
        pass.superseded++;
      }
    }
  } catch (error) {
    resumeAt = at;
    throw error;
  } finally {
    await markScanned(db, rule.id, resumeAt).catch(() => undefined);
    // The runs are complete again until the next pass adds to them.
    for (const runId of held) await finishRun(db, runId).catch((e: Error) => options.log?.(`online run ${runId}: not closed: ${e.message}`));
  }
  return pass;
}

/**
 * The online evaluation step of the worker: every enabled rule, each under a lease so that
 * workers sharing a PostgreSQL database take turns. A rule that fails is logged and retried at
 * the next pass; the others go on.
 */
export async function scoreClosedConversations(options: OnlinePassOptions): Promise<RulePass[]> {
  const now = options.now ?? new Date();
  const out: RulePass[] = [];
  for (const rule of await listOnlineRules(options.db, { enabledOnly: true })) {
    if (!(await leaseOnlineRule(options.db, rule.id, new Date(), RULE_LEASE_MS))) continue;
    try {
      out.push(await scoreRule(options, rule, now));
    } catch (error) {
      options.log?.(`online rule "${rule.name}": ${(error as Error).message}`);
    } finally {
      await releaseOnlineRule(options.db, rule.id);
    }
  }
  return out;
}
