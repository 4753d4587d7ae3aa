import type { TurnVerdict } from '../../domain';
import { isPlainObject } from '../../datasets/fields';
import { listAfter } from './json-list';
import { notRead, type VerboseLogReader } from './types';
import { quote, verdictItem, verdictWord } from './verdict-word';

/** Whether a knowledge item of the log holds any fact (`{"data": {…}}` with a key). */
const holdsFacts = (k: unknown): boolean => isPlainObject(k) && isPlainObject(k.data) && Object.keys(k.data).length > 0;

/**
 * deepeval's knowledge retention (knowledge_retention.py): its log lists one knowledge item per
 * turn (None for assistant turns) and one verdict per assistant turn that has facts before it,
 * in turn order; a verdict "yes" means the reply shows attrition. So the k-th verdict belongs to
 * the k-th such assistant turn, and an attrition is that turn's "no".
 */
export const readKnowledgeRetentionLog: VerboseLogReader = (log, turns) => {
  const knowledges = listAfter(log, 'Knowledges:\n');
  const verdicts = listAfter(log, 'Verdicts:\n');
  if (!knowledges || !verdicts) return notRead('its Knowledges and Verdicts lists did not read');
  if (knowledges.length !== turns.length) return notRead(`it lists ${knowledges.length} knowledge items for ${turns.length} turns`);
  const judged: number[] = [];
  let known = false;
  turns.forEach((turn, i) => {
    if (turn.role === 'assistant' && known) judged.push(i);
    if (holdsFacts(knowledges[i])) known = true;
  });
  if (judged.length !== verdicts.length) return notRead(`it has ${verdicts.length} verdicts for the ${judged.length} assistant turns with facts before them`);
  const out: TurnVerdict[] = [];
  for (let k = 0; k < verdicts.length; k++) {
    const item = verdictItem(verdicts[k]);
    if (!item) return notRead(`verdict ${k + 1} is not a { verdict, reason }`);
    const attrition = verdictWord(item.verdict);
    const verdict = attrition === 'yes' ? 'no' : attrition === 'no' ? 'yes' : 'idk';
    out.push({ turn: judged[k], verdict, reason: verdict === 'idk' ? `deepeval's verdict ${quote(item.verdict)} reads as neither yes nor no. ${item.reason}`.trim() : item.reason });
  }
  return { found: true, verdicts: out };
};
