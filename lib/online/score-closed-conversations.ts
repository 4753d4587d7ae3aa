import { onOnlinePass } from '../alerts';
import { loadJudgeConfigWithConnections } from '../connections/judge-config-with-connections';
import { ANY_PROJECT } from '../db/project-scope';
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
  setCopyChatbotRole,
  type ClosedConversation,
  usageOfConversation,
  type CurrentScore,
  spentOn,
  supersedeScore,
  SUPERSEDED_DAY,
} from '../db/queries/online/online-scores';
import { canonicalJson } from '../judge/cache-key';
import type { JudgeSelection } from '../judge/config';
import type { Judge } from '../judge/types';
import { storedSettingsOf, type MetricSelection } from '../metrics/selected-metric';
import { countItems, executeRunChunk } from '../runs';
import { finishRun } from '../runs/lifecycle';
import { resolveMetrics } from '../runs/request/resolve-metrics';
import { createRunJudge, resolveRunJudge, type RunJudge } from '../connections/judge-selection';
import { newWorkerId } from '../jobs/worker-identity';
import { inSample, utcDay } from './sample';
import { capReached, uncappedSpend } from './spend-caps';

export const RULE_LEASE_MS = 5 * 60_000;
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

export interface RuleContext {
  rule: OnlineRuleRow;
  day: string;
  judge: RunJudge;
  /** The judge that scores the pass's conversations, built once for all of them. */
  scorer: Judge;
  metrics: MetricSelection[];
  workerId: string;
  leaseUntil: Date;
}

/**
 * What a rule scores with (its judge and metrics, resolved once per pass, and the judge itself
 * built once: its configuration read and its stored key decrypted for the pass, not for every
 * conversation), on the UTC day of `now`.
 */
export async function ruleContextOf(options: OnlinePassOptions, rule: OnlineRuleRow, now: Date): Promise<RuleContext> {
  const judge = resolveRunJudge(rule.judge as JudgeSelection, await loadJudgeConfigWithConnections(options.db, rule.projectId, options.env));
  return {
    rule,
    day: utcDay(now),
    judge,
    scorer: options.judge ?? (await createRunJudge(options.db, rule.projectId, { ...judge, concurrency: CONCURRENCY }, options.env)),
    metrics: await resolveMetrics(options.db, rule.projectId, rule.metrics),
    workerId: options.workerId ?? newWorkerId(),
    leaseUntil: new Date(Date.now() + RULE_LEASE_MS),
  };
}

/** Why nothing bounds the rule's judge spend (its judge has no known price and it has no cap in calls or tokens), or null. */
export const uncappedSpendOf = (ctx: RuleContext): string | null => uncappedSpend({ ...ctx.rule, judgeKind: ctx.judge.judgeKind, judgeModel: ctx.judge.judgeModel });

/** Whether the rule's daily caps (cost, judge calls, tokens) leave room for one more conversation today; marks the cap reached when they do not. */
export async function capLeavesRoom(db: Db, ctx: RuleContext): Promise<boolean> {
  const { rule } = ctx;
  if (rule.dailyCapUsd === null && rule.dailyCapCalls === null && rule.dailyCapTokens === null) return true;
  // What today spent so far, plus what a conversation has spent on average today.
  if (!capReached(rule, await spentOn(db, rule.id, ctx.day))) return true;
  await markCapReached(db, rule.id, ctx.day);
  return false;
}

/** The scored copy of one conversation: the run and the copy holding its results. */
export interface ScoredConversation {
  runId: string;
  datasetId: string;
  conversationId: string;
  superseded: boolean;
}

/**
 * Scores one live conversation as it is now with a rule: copied into the run of its UTC day and
 * model version (with `chatbotRole` on the copy when given) and scored there by the run executor.
 * The rule's current result on it (`older`) is superseded: moved to the rule's run of superseded
 * results, still readable. The runs touched are added to `held`; the caller closes them.
 */
export async function scoreConversation(
  options: OnlinePassOptions,
  ctx: RuleContext,
  conversation: ClosedConversation,
  older: CurrentScore | undefined,
  held: Set<string>,
  extra: { chatbotRole?: string; now: Date },
): Promise<ScoredConversation> {
  const { db, env } = options;
  const version = ctx.rule.versionAttribute ? (conversation.labels[ctx.rule.versionAttribute] ?? null) : null;
  const run = await onlineRunOf(db, ctx, ctx.day, version);
  const copy = await copyConversation(db, conversation.id, run.datasetId);
  if (extra.chatbotRole) await setCopyChatbotRole(db, copy.id, extra.chatbotRole);
  const [row] = await listRunConversations(db, run.datasetId, { from: copy.position, to: copy.position + 1 });
  const items = countItems([row.conversation], ctx.metrics);
  await holdOnlineRun(db, run.runId, ctx.workerId, ctx.leaseUntil, items);
  held.add(run.runId);
  try {
    await executeRunChunk({ db, env, runId: run.runId, range: { from: copy.position, to: copy.position + 1 }, judge: ctx.scorer, log: options.log });
  } catch (error) {
    // Not scored: the next pass takes the conversation again.
    await discardCopy(db, { id: copy.id, datasetId: run.datasetId, runId: run.runId, items }).catch(() => undefined);
    throw error;
  }
  const score = {
    ruleId: ctx.rule.id,
    liveDatasetId: conversation.datasetId,
    externalId: conversation.externalId,
    turnCount: conversation.turnCount,
    day: ctx.day,
    runId: run.runId,
    conversationId: copy.id,
    ...(await usageOfConversation(db, run.runId, copy.id)),
  };
  // Scored again at the same turns (an overwrite asked for): the ledger keeps one row per turn count, so the older one is replaced.
  const again = older?.turnCount === conversation.turnCount;
  if (!again) await recordOnlineScore(db, score);
  if (older) {
    const history = await onlineRunOf(db, ctx, SUPERSEDED_DAY, null);
    await supersedeScore(db, older, history, extra.now);
    held.add(history.runId);
    if (!held.has(older.runId)) await finishRun(db, older.runId);
  }
  if (again) await recordOnlineScore(db, score, older.id);
  return { runId: run.runId, datasetId: run.datasetId, conversationId: copy.id, superseded: !!older };
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
    projectId: ctx.rule.projectId,
    ruleId: ctx.rule.id,
    day,
    modelVersion,
    name: `Online: ${ctx.rule.name} · ${superseded ? 'superseded results' : day}${modelVersion ? ` · ${modelVersion}` : ''}${since}`,
    description: superseded
      ? `Results of rule "${ctx.rule.name}" on conversations that got new turns afterwards (they were scored again)`
      : `Production conversations scored by rule "${ctx.rule.name}" on ${day} (UTC)${found ? ', after its metrics or judge changed' : ''}`,
  });
  const { id: runId } = await createRun(db, {
    projectId: ctx.rule.projectId,
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
  const { db } = options;
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
  const ctx = await ruleContextOf(options, rule, now);
  // A rule saved before caps in calls and tokens existed, whose judge has no known price: nothing bounds its spend.
  const uncapped = uncappedSpendOf(ctx);
  if (uncapped) {
    options.log?.(`online rule "${rule.name}" is not scored: ${uncapped}`);
    return { ...pass, capped: true };
  }
  const held = new Set<string>();
  let at = resumeAt;
  try {
    for (const conversation of due) {
      at = conversation.lastActivityAt;
      if (!(await capLeavesRoom(db, ctx))) {
        pass.capped = true;
        resumeAt = at;
        break;
      }
      const scored = await scoreConversation(options, ctx, conversation, current.get(`${conversation.datasetId}\n${conversation.externalId}`), held, { now });
      pass.scored++;
      if (scored.superseded) pass.superseded++;
    }
  } catch (error) {
    resumeAt = at;
    throw error;
  } finally {
    await markScanned(db, rule.id, resumeAt).catch(() => undefined);
    await closeHeldRuns(options, held);
  }
  return pass;
}

/** The runs a pass added to are complete again until the next pass adds to them. */
export async function closeHeldRuns(options: OnlinePassOptions, held: Set<string>): Promise<void> {
  for (const runId of held) await finishRun(options.db, runId).catch((e: Error) => options.log?.(`online run ${runId}: not closed: ${e.message}`));
}

/**
 * The online evaluation step of the worker: every enabled rule, each under a lease so that
 * workers sharing a PostgreSQL database take turns. A rule that fails is logged and retried at
 * the next pass; the others go on.
 */
export async function scoreClosedConversations(options: OnlinePassOptions): Promise<RulePass[]> {
  const now = options.now ?? new Date();
  const out: RulePass[] = [];
  // Across projects: the worker scores every project's rules, each in its own project.
  for (const rule of await listOnlineRules(options.db, ANY_PROJECT, { enabledOnly: true })) {
    if (!(await leaseOnlineRule(options.db, rule.id, new Date(), RULE_LEASE_MS))) continue;
    try {
      const pass = await scoreRule(options, rule, now);
      out.push(pass);
      // Its window and cost alerts look again (in the alerts lane) when the pass changed anything.
      if (pass.scored > 0 || pass.capped) await onOnlinePass(options.db, rule.id);
    } catch (error) {
      options.log?.(`online rule "${rule.name}": ${(error as Error).message}`);
    } finally {
      await releaseOnlineRule(options.db, rule.id);
    }
  }
  return out;
}
