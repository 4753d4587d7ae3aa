import type { Turn, TurnVerdict } from '../../domain';
import { segmentExchanges } from '../../metrics/shared/exchanges';
import { listAfter } from './json-list';
import { notRead, type VerboseLogReader } from './types';
import { scoreItem } from './verdict-word';

const callsTools = (turn: Turn) => turn.role === 'assistant' && Array.isArray(turn.toolsCalled) && turn.toolsCalled.length > 0;

/**
 * deepeval's tool use (tool_use.py): a tool selection score per unit interaction and an argument
 * correctness score per interaction whose replies after its first turn called a tool, in order.
 * Each interaction's verdict sits on its last reply that called a tool, with the lower of its two
 * scores; one that called none gets a verdict (on its last reply) only when its selection cost
 * points, as Turnwise's own tool use places them.
 */
export const readToolUseLog: VerboseLogReader = (log, turns) => {
  const selections = listAfter(log, 'Tool Selection Scores: ');
  const argumentsScores = listAfter(log, 'Argument Correctness Scores: ');
  if (!selections || !argumentsScores) return notRead('its Tool Selection and Argument Correctness lists did not read');
  const exchanges = segmentExchanges([...turns]);
  const used = exchanges.map((e) => e.turns.slice(1).some((i) => callsTools(turns[i])));
  const withTools = used.filter(Boolean).length;
  if (selections.length !== exchanges.length || argumentsScores.length !== withTools) {
    return notRead(`it has ${selections.length} selection and ${argumentsScores.length} argument scores for ${exchanges.length} exchanges, ${withTools} with tool calls`);
  }
  const verdicts: TurnVerdict[] = [];
  let a = 0;
  for (const [k, exchange] of exchanges.entries()) {
    const selection = scoreItem(selections[k]);
    if (!selection) return notRead(`selection score ${k + 1} is not a { score, reason }`);
    if (!used[k]) {
      if (selection.score < 1) verdicts.push({ turn: exchange.endTurn, verdict: 'no', score: selection.score, reason: `Tool selection ${selection.score}: ${selection.reason}` });
      continue;
    }
    const args = scoreItem(argumentsScores[a++]);
    if (!args) return notRead(`argument score ${a} is not a { score, reason }`);
    const turn = exchange.turns.filter((i) => callsTools(turns[i])).at(-1)!;
    const score = Math.min(selection.score, args.score);
    verdicts.push({ turn, verdict: score < 1 ? 'no' : 'yes', score, reason: `Tool selection ${selection.score}: ${selection.reason} Arguments ${args.score}: ${args.reason}` });
  }
  return { found: true, verdicts };
};
