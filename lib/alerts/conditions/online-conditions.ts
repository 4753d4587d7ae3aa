import type { Db } from '../../db/db-types';
import { firstFailingTurn, listWindowScores } from '../../db/queries/alerts/alert-facts';
import { getOnlineRule } from '../../db/queries/online/online-rules';
import { WINDOW_LIMITS, type OnlineWindowCondition } from '../rule-input';
import { percentText, type ActiveRule, type Observation } from '../observation';

const HOUR = 3_600_000;
/** Failing conversations an alert links to. */
const FAILING_SHOWN = 5;

/**
 * The online rules' windows: for each rule watching `onlineRuleId` (every online rule when
 * null), the pass rate of its metric over the last N scored conversations or N hours. Fewer
 * than its minimum count scored (errors left out) says nothing: one bad conversation pages no one.
 */
export async function observeOnlineWindows(db: Db, rules: readonly ActiveRule[], onlineRuleId: string | null, now: Date): Promise<Observation[]> {
  const out: Observation[] = [];
  for (const rule of rules) {
    const c = rule.condition;
    if (c.kind !== 'online_window' || (onlineRuleId !== null && c.onlineRuleId !== onlineRuleId)) continue;
    const seen = await observeWindow(db, rule, c, now);
    if (seen) out.push(seen);
  }
  return out;
}

async function observeWindow(db: Db, rule: ActiveRule, c: OnlineWindowCondition, now: Date): Promise<Observation | null> {
  const online = await getOnlineRule(db, rule.row.projectId, c.onlineRuleId);
  if (!online) return null;
  const window = c.window === 'conversations' ? { take: c.size } : { since: new Date(now.getTime() - c.size * HOUR), take: WINDOW_LIMITS.conversations };
  const scores = await listWindowScores(db, c.onlineRuleId, c.metric, window);
  const judged = scores.filter((s) => s.passed !== null);
  if (judged.length < c.minCount) return null;
  const passed = judged.filter((s) => s.passed).length;
  const value = (passed / judged.length) * 100;
  const firing = value < c.passRateBelow;
  const failing = [];
  for (const s of judged.filter((s) => !s.passed).slice(0, firing ? FAILING_SHOWN : 0)) {
    const turn = await firstFailingTurn(db, s.runId, s.conversationId, c.metric);
    failing.push({ runId: s.runId, conversationId: s.conversationId, turn, link: `/runs/${s.runId}/conversations/${s.conversationId}${turn === null ? '' : `?turn=${turn}#turn-${turn}`}` });
  }
  const over = c.window === 'conversations' ? `the last ${judged.length} scored conversations` : `the last ${c.size} hour${c.size === 1 ? '' : 's'} (${judged.length} conversations)`;
  return {
    rule,
    scopeKey: `online-rule:${c.onlineRuleId}`,
    firing,
    value,
    summary: `Pass rate of ${c.metric.replace(/_/g, ' ')} ${percentText(value)} over ${over} of online rule "${online.name}" (${firing ? 'below' : 'at or above'} ${percentText(c.passRateBelow)})`,
    // The newest run the rule scored into; its failing turns are in the details.
    link: `/runs/${scores[0].runId}`,
    details: { onlineRuleId: c.onlineRuleId, metric: c.metric, window: c.window, size: c.size, scored: judged.length, passed, failing },
  };
}
