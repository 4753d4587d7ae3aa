import 'server-only';
import { getDb } from '../../db/client';
import { namesOf } from '../../db/queries/alerts/alert-facts';
import { latestAlertEvents } from '../../db/queries/alerts/alert-events';
import { listAlertRules } from '../../db/queries/alerts/alert-rules';
import { countFiringByRule } from '../../db/queries/alerts/alert-states';
import { conditionIds, sentenceOf } from '../condition-names';
import { backgroundUrlWarning } from '../../http/public-url';
import { conditionSchema } from '../rule-input';

export interface AlertRuleListItem {
  id: string;
  name: string;
  kind: string;
  sentence: string;
  destinationKind: string;
  destinationHint: string;
  enabled: boolean;
  firing: number;
  last: { state: string; at: Date; delivery: string } | null;
}

/** The alerts page: every rule with its condition in a sentence, where it goes, how many scopes fire and its latest alert. */
export async function loadAlertsPage(projectId: string): Promise<{ rules: AlertRuleListItem[]; linkWarning: string | null }> {
  const db = getDb();
  const rules = await listAlertRules(db, projectId);
  const conditions = rules.map((r) => conditionSchema.safeParse(r.condition));
  const [names, firing, latest] = await Promise.all([namesOf(db, projectId, conditionIds(conditions.flatMap((c) => (c.success ? [c.data] : [])))), countFiringByRule(db), latestAlertEvents(db, rules.map((r) => r.id))]);
  return {
    rules: rules.map((r, i) => {
      const c = conditions[i];
      const event = latest.get(r.id);
      return {
        id: r.id,
        name: r.name,
        kind: r.kind,
        sentence: c.success ? sentenceOf(c.data, names) : 'Its stored condition cannot be read: edit the rule',
        destinationKind: r.destinationKind === 'slack' ? 'Slack' : 'Webhook',
        destinationHint: r.urlHint,
        enabled: r.enabled,
        firing: firing.get(r.id) ?? 0,
        last: event ? { state: event.state, at: event.createdAt, delivery: event.delivery } : null,
      };
    }),
    linkWarning: backgroundUrlWarning(process.env),
  };
}
