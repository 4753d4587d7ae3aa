import type { TurnVerdict } from '../../domain';
import { segmentExchanges } from '../../metrics/shared/exchanges';
import { listAfter, uniqueLineStart } from './json-list';
import { notRead, type VerboseLogReader } from './types';
import { quote, verdictItem, verdictWord } from './verdict-word';

/**
 * deepeval's turn relevancy (turn_relevancy.py): one sliding window per unit interaction
 * (deepeval/metrics/utils.py get_unit_interactions, the exchanges of lib/metrics), one verdict per
 * window, in order; each verdict is on the reply that ends its window. A verdict that reads as
 * neither yes nor no (deepeval counts it as relevant) stays "idk", and a window the judge gave no
 * verdict for (None) is an error on its turn.
 */
export const readTurnRelevancyLog: VerboseLogReader = (log, turns) => {
  const header = uniqueLineStart(log, 'Turns Sliding Windows (size=');
  if (header === null) return notRead('its Turns Sliding Windows list is missing');
  const size = /^Turns Sliding Windows \(size=(\d{1,6})\):/.exec(log.slice(header, header + 48))?.[1];
  const verdicts = listAfter(log, 'Verdicts:\n');
  if (!verdicts) return notRead('its Verdicts list did not read');
  const exchanges = segmentExchanges([...turns]);
  if (verdicts.length !== exchanges.length) return notRead(`it has ${verdicts.length} verdicts for ${exchanges.length} exchanges`);
  const out: TurnVerdict[] = [];
  for (let k = 0; k < verdicts.length; k++) {
    const turn = exchanges[k].endTurn;
    if (verdicts[k] === null) {
      out.push({ turn, verdict: 'error', reason: "deepeval's judge gave no verdict for this window" });
      continue;
    }
    const item = verdictItem(verdicts[k]);
    if (!item) return notRead(`verdict ${k + 1} is not a { verdict, reason }`);
    const word = verdictWord(item.verdict);
    const verdict = word === 'no' ? 'no' : word === 'yes' ? 'yes' : 'idk';
    out.push({ turn, verdict, reason: verdict === 'idk' ? `deepeval's verdict ${quote(item.verdict)} reads as neither yes nor no. ${item.reason}`.trim() : item.reason });
  }
  return { found: true, verdicts: out, ...(size ? { options: { windowSize: Number(size) } } : {}) };
};
