import type { Db } from '../../db/db-types';
import { namesOf } from '../../db/queries/alerts/alert-facts';
import { conditionIds, sentenceOf } from '../condition-names';
import type { AlertCondition } from '../rule-input';

/** A rule's condition in a sentence, with the names of the dataset, online rule and baseline run it names. */
export async function conditionText(db: Db, projectId: string, condition: AlertCondition): Promise<string> {
  return sentenceOf(condition, await namesOf(db, projectId, conditionIds([condition])));
}
