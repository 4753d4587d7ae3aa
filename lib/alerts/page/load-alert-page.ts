import 'server-only';
import { getDb } from '../../db/client';
import { namesOf } from '../../db/queries/alerts/alert-facts';
import { listAlertEvents } from '../../db/queries/alerts/alert-events';
import { getAlertRule } from '../../db/queries/alerts/alert-rules';
import { listAlertStates } from '../../db/queries/alerts/alert-states';
import { notFound } from '../../db/not-found';
import { conditionIds, sentenceOf } from '../condition-names';
import { describeRecovery, measuredText } from '../describe-rule';
import { conditionSchema } from '../rule-input';
import { loadAlertFormOptions } from './load-alert-form-options';
import { scopeIds, scopeLabel } from './scope-label';

/** An alert rule's page: the rule in sentences, where each scope stands, its history (newest first) and what its edit form offers. NOT_FOUND for an unknown rule. */
export async function loadAlertPage(projectId: string, id: string) {
  const db = getDb();
  const rule = await getAlertRule(db, projectId, id);
  if (!rule) throw notFound('Alert rule', id);
  const [states, events, options] = await Promise.all([listAlertStates(db, id), listAlertEvents(db, id, 100), loadAlertFormOptions(projectId, db)]);
  const parsed = conditionSchema.safeParse(rule.condition);
  const condition = parsed.success ? parsed.data : null;
  const fromScopes = scopeIds([...states.map((s) => s.scopeKey), ...events.map((e) => e.scopeKey)]);
  const named = condition ? conditionIds([condition]) : { datasets: [], onlineRules: [], runs: [] };
  const names = await namesOf(db, projectId, { datasets: [...fromScopes.datasets, ...named.datasets], onlineRules: [...fromScopes.onlineRules, ...named.onlineRules], runs: named.runs });
  return {
    rule,
    condition,
    sentence: condition ? sentenceOf(condition, names) : 'Its stored condition cannot be read: edit the rule',
    recovery: condition ? describeRecovery(condition) : null,
    states: states.map((s) => ({ ...s, label: scopeLabel(s.scopeKey, names) })),
    history: events.map((e) => ({ ...e, scope: scopeLabel(e.scopeKey, names), measured: measuredText(condition, e.value) })),
    options,
  };
}
