import type { Db } from '../../db/db-types';
import { judgeSpendSince } from '../../db/queries/alerts/alert-facts';
import { getOnlineRule } from '../../db/queries/online/online-rules';
import { spentOn } from '../../db/queries/online/online-scores';
import type { ActiveRule, Observation } from '../observation';

const utcDay = (now: Date) => now.toISOString().slice(0, 10);
const usd = (n: number) => `$${Number(n.toFixed(2)).toLocaleString('en-US')}`;

/**
 * Judge cost: an online rule's daily cap reached (the rule stops scoring until the next UTC
 * day), or the judge spend of the runs started on the current UTC day reaching the rule's amount.
 * `onlineRuleId` limits the look to rules on that online rule (and the instance's), null looks at all.
 */
export async function observeJudgeCost(db: Db, rules: readonly ActiveRule[], onlineRuleId: string | null, now: Date): Promise<Observation[]> {
  const out: Observation[] = [];
  // The day's spend of each project: a rule watches its own project's runs.
  const daySpend = new Map<string, number>();
  const day = utcDay(now);
  for (const rule of rules) {
    const c = rule.condition;
    if (c.kind !== 'judge_cost') continue;
    if (c.onlineRuleId === null) {
      if (c.dailyUsd === null) continue;
      const projectId = rule.row.projectId;
      if (!daySpend.has(projectId)) daySpend.set(projectId, await judgeSpendSince(db, projectId, new Date(`${day}T00:00:00.000Z`)));
      const spentUsd = daySpend.get(projectId)!;
      const firing = spentUsd >= c.dailyUsd;
      out.push({
        rule,
        scopeKey: 'instance',
        firing,
        value: spentUsd,
        summary: `The runs started on ${day} (UTC) spent ${usd(spentUsd)} on their judges (${firing ? 'reaching' : 'below'} ${usd(c.dailyUsd)})`,
        link: '/runs',
        details: { day, spentUsd, dailyUsd: c.dailyUsd },
      });
    } else if (onlineRuleId === null || c.onlineRuleId === onlineRuleId) {
      const online = await getOnlineRule(db, rule.row.projectId, c.onlineRuleId);
      if (!online) continue;
      const spent = await spentOn(db, online.id, day);
      const firing = online.capReachedOn === day;
      const caps = [online.dailyCapUsd === null ? null : `${usd(online.dailyCapUsd)}`, online.dailyCapCalls === null ? null : `${online.dailyCapCalls} calls`, online.dailyCapTokens === null ? null : `${online.dailyCapTokens} tokens`].filter(Boolean).join(' · ');
      out.push({
        rule,
        scopeKey: `online-rule:${online.id}`,
        firing,
        value: spent.usd,
        summary: firing
          ? `Online rule "${online.name}" reached its daily cap (${caps || 'none set'}) on ${day}: ${usd(spent.usd)}, ${spent.calls} judge calls, ${spent.tokens} tokens spent; scoring pauses until 00:00 UTC`
          : `Online rule "${online.name}" is scoring under its daily cap (${caps || 'none set'}) on ${day}`,
        link: `/online/${online.id}`,
        details: { onlineRuleId: online.id, day, spentUsd: spent.usd, calls: spent.calls, tokens: spent.tokens },
      });
    }
  }
  return out;
}
