import type { Db } from '../../db/db-types';
import { namesOf } from '../../db/queries/alerts/alert-facts';
import { describeCondition } from '../describe-rule';
import type { AlertCondition } from '../rule-input';

/** A rule's condition in a sentence, with the names of the dataset and online rule it is on. */
export async function conditionText(db: Db, condition: AlertCondition): Promise<string> {
  const datasetId = 'datasetId' in condition ? condition.datasetId : null;
  const onlineRuleId = 'onlineRuleId' in condition ? condition.onlineRuleId : null;
  const names = await namesOf(db, { datasets: datasetId ? [datasetId] : [], onlineRules: onlineRuleId ? [onlineRuleId] : [] });
  return describeCondition(condition, { dataset: datasetId ? names.datasets.get(datasetId) : null, onlineRule: onlineRuleId ? names.onlineRules.get(onlineRuleId) : null });
}
