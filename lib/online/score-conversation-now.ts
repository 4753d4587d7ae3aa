import { findOnlineRuleByName, getOnlineRule, leaseOnlineRule, releaseOnlineRule } from '../db/queries/online/online-rules';
import { currentScoresOf, findLiveConversation } from '../db/queries/online/online-scores';
import { AppError } from '../errors';
import { liveDatasetRedactor } from '../redaction/live-redaction';
import { capLeavesRoom, closeHeldRuns, RULE_LEASE_MS, ruleContextOf, scoreConversation, uncappedSpendOf, type OnlinePassOptions } from './score-closed-conversations';
import { capsLabel } from './spend-caps';

export interface ScoreNowRequest {
  /** The project whose rule it is (the key's). */
  projectId: string;
  /** The rule, by name. */
  ruleName: string;
  /** The conversation id its traces named (deepeval's thread id). */
  externalId: string;
  /** Set on the scored copy (role adherence reads it); the live conversation is left as it is. */
  chatbotRole?: string;
  /** Score again when the rule has a result at the conversation's current turns (deepeval's overwriteMetrics). */
  overwrite: boolean;
}

export interface ScoreNowOutcome {
  /** False when the rule had a result at these turns already and no overwrite was asked for. */
  scored: boolean;
  ruleId: string;
  runId: string;
  /** The scored copy in the run's dataset. */
  conversationId: string;
  turnCount: number;
  /** An earlier result of the rule on it moved to the rule's superseded results. */
  superseded: boolean;
}

/** How long a request waits for a worker's pass of the rule to end before it is refused as busy. */
const LEASE_WAIT_MS = 10_000;

async function leaseRule(options: OnlinePassOptions, ruleId: string, ruleName: string): Promise<void> {
  const until = Date.now() + LEASE_WAIT_MS;
  while (!(await leaseOnlineRule(options.db, ruleId, new Date(), RULE_LEASE_MS, { evenPaused: true }))) {
    if (Date.now() >= until) throw new AppError('BUSY', `The online rule "${ruleName}" is scoring conversations now (a worker's pass); try again in a minute`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Scores one live conversation with a named rule now, whatever its idle time, sample rate or
 * pause (the rule's daily caps still hold): as a worker's pass scores it, into the run of the
 * day and model version, under the rule's lease so that a pass does not score it at once too.
 */
export async function scoreConversationNow(options: OnlinePassOptions, request: ScoreNowRequest): Promise<ScoreNowOutcome> {
  const { db } = options;
  const found = await findOnlineRuleByName(db, request.projectId, request.ruleName);
  if (!found) throw new AppError('NOT_FOUND', `No online rule is named "${request.ruleName}": metricCollection names an online rule (Online → rules)`, { field: 'metricCollection' });
  const rule = (await getOnlineRule(db, request.projectId, found.id))!;
  const conversation = await findLiveConversation(db, rule.datasetIds, request.externalId);
  if (!conversation) {
    throw new AppError('NOT_FOUND', `No conversation "${request.externalId}" in the live datasets of online rule "${rule.name}": its traces have not arrived, or they land in a live dataset the rule does not score`, {
      field: 'threadId',
    });
  }
  await leaseRule(options, rule.id, rule.name);
  const held = new Set<string>();
  try {
    const older = (await currentScoresOf(db, rule.id, [conversation.datasetId])).get(`${conversation.datasetId}\n${conversation.externalId}`);
    const base = { ruleId: rule.id, turnCount: conversation.turnCount };
    if (older?.turnCount === conversation.turnCount && !request.overwrite) {
      return { ...base, scored: false, runId: older.runId, conversationId: older.conversationId, superseded: false };
    }
    const now = options.now ?? new Date();
    const ctx = await ruleContextOf(options, rule, now);
    const uncapped = uncappedSpendOf(ctx);
    if (uncapped) throw new AppError('CONFLICT', `The online rule "${rule.name}" scores nothing until it has a daily cap in judge calls or tokens: ${uncapped}`);
    if (rule.capReachedOn === ctx.day || !(await capLeavesRoom(db, ctx))) {
      throw new AppError('CONFLICT', `The online rule "${rule.name}" has reached its daily cap (${capsLabel(rule)}) for ${ctx.day} (UTC); it scores again tomorrow`);
    }
    // Sent beside the traces, so redacted as they were before the judge reads it.
    const redactor = request.chatbotRole ? await liveDatasetRedactor(db, request.projectId, conversation.datasetId) : null;
    const chatbotRole = request.chatbotRole && redactor ? redactor.text(request.chatbotRole, {}) : request.chatbotRole;
    const scored = await scoreConversation(options, ctx, conversation, older, held, { chatbotRole, now });
    return { ...base, scored: true, runId: scored.runId, conversationId: scored.conversationId, superseded: scored.superseded };
  } finally {
    await closeHeldRuns(options, held);
    await releaseOnlineRule(db, rule.id);
  }
}
