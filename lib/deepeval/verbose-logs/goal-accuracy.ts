import type { TurnVerdict } from '../../domain';
import { segmentExchanges } from '../../metrics/shared/exchanges';
import { readJsonList } from './json-list';
import { notRead, type VerboseLogReader } from './types';
import { scoreItem } from './verdict-word';

/**
 * deepeval's goal accuracy (goal_accuracy.py): a goal score and a plan score per unit interaction,
 * in order, after the interactions' free text. On the reply that ends each interaction: their
 * mean as its score, "no" below 1 (as Turnwise's own goal accuracy).
 */
export const readGoalAccuracyLog: VerboseLogReader = (log, turns) => {
  // The goals and steps come first as free text; the JSON lists after them are the last such headers.
  const goalAt = log.lastIndexOf('\nGoal evaluations: [');
  if (goalAt === -1) return notRead('its Goal evaluations list is missing');
  const goals = readJsonList(log, goalAt + '\nGoal evaluations: '.length);
  if (!goals) return notRead('its Goal evaluations list did not read');
  const planAt = log.indexOf('Plan evaluations: [', goals.end);
  const plans = planAt === -1 ? null : readJsonList(log, planAt + 'Plan evaluations: '.length);
  if (!plans) return notRead('its Plan evaluations list did not read');
  const exchanges = segmentExchanges([...turns]);
  if (goals.items.length !== exchanges.length || plans.items.length !== exchanges.length) {
    return notRead(`it has ${goals.items.length} goal and ${plans.items.length} plan evaluations for ${exchanges.length} exchanges`);
  }
  const verdicts: TurnVerdict[] = [];
  for (const [k, exchange] of exchanges.entries()) {
    const goal = scoreItem(goals.items[k]);
    const plan = scoreItem(plans.items[k]);
    if (!goal || !plan) return notRead(`evaluation ${k + 1} is not a { score, reason }`);
    const score = (goal.score + plan.score) / 2;
    verdicts.push({ turn: exchange.endTurn, verdict: score < 1 ? 'no' : 'yes', score, reason: `Goal ${goal.score}: ${goal.reason} Plan ${plan.score}: ${plan.reason}` });
  }
  return { found: true, verdicts };
};
