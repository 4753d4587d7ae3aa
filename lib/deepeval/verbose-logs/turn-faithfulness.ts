import { readWindowedLog } from './windows';
import type { VerboseLogReader } from './types';
import { quote, verdictItem, verdictWord } from './verdict-word';

/**
 * deepeval's turn faithfulness (turn_faithfulness.py): a window per unit interaction, each with
 * the claims of its replies judged against the truths of its retrieval context. On the reply
 * that ends the window: "no" when a claim contradicts them, "idk" when one is unsupported (as
 * Turnwise's own turn faithfulness reads them), else "yes"; the score is the window's.
 */
export const readTurnFaithfulnessLog: VerboseLogReader = (log, turns) =>
  readWindowedLog(log, turns, (window) => {
    const claims = window.verdicts.map(verdictItem);
    const bad = claims.findIndex((c) => c === null);
    if (bad !== -1) return `claim verdict ${bad + 1} of window ${window.index + 1} is not a { verdict, reason }`;
    const words = claims.map((c) => verdictWord(c!.verdict));
    const unread = words.findIndex((w) => w === null);
    if (unread !== -1) return `claim verdict ${quote(claims[unread]!.verdict)} of window ${window.index + 1} is not yes, no or idk`;
    const verdict = words.includes('no') ? 'no' : words.includes('idk') ? 'idk' : 'yes';
    const notes = claims.flatMap((c, i) => (words[i] === 'yes' ? [] : [`${words[i] === 'no' ? 'Contradicted' : 'Unsupported'}: ${c!.reason}`]));
    return { verdict, score: window.score, reason: [window.reason, ...notes].filter(Boolean).join(' ') };
  });
