import type { TurnVerdict } from '../../domain';
import { isPlainObject } from '../../datasets/fields';
import { readJsonList } from './json-list';
import { notRead, type VerboseLogReader } from './types';

const HEADERS = ['\nOut-of-Character Turn(s):\n', '\nOut-of-Character Turn Response(s):\n'];

/**
 * deepeval's role adherence (role_adherence.py): its log gives the chatbot role, then the replies
 * out of character by their 0-based index in the turns, each with the reply's text and
 * "(turn #n)". Every reply it names is "no" (when the index and text agree with the turns);
 * every other reply is "yes", as deepeval's score counts it. The role is kept: deepeval's client
 * does not send it with the test case.
 */
export const readRoleAdherenceLog: VerboseLogReader = (log, turns) => {
  if (!log.startsWith('Chatbot Role:\n')) return notRead('it does not start with the chatbot role');
  // The role is free text; the list after it is JSON, so the last header is the real one.
  const at = Math.max(...HEADERS.map((h) => log.lastIndexOf(h)));
  if (at === -1) return notRead('its Out-of-Character list is missing');
  const header = HEADERS.find((h) => log.startsWith(h, at))!;
  const role = log.slice('Chatbot Role:\n'.length, at).replace(/ \n \n?$/, '').trim();
  const list = readJsonList(log, at + header.length);
  if (!list) return notRead('its Out-of-Character list did not read');
  const out = new Map<number, string[]>();
  for (const [k, item] of list.items.entries()) {
    if (!isPlainObject(item) || typeof item.index !== 'number' || !Number.isInteger(item.index)) return notRead(`item ${k + 1} of its Out-of-Character list has no index`);
    const turn = turns[item.index];
    if (!turn || turn.role !== 'assistant') return notRead(`item ${k + 1} names index ${item.index}, which is not a reply of this conversation`);
    if (typeof item.ai_message === 'string' && item.ai_message !== `${turn.content} (turn #${item.index + 1})`) {
      return notRead(`item ${k + 1} quotes a reply that is not turn ${item.index + 1}`);
    }
    out.set(item.index, [...(out.get(item.index) ?? []), typeof item.reason === 'string' ? item.reason : '']);
  }
  const verdicts: TurnVerdict[] = turns.flatMap((turn, i): TurnVerdict[] => {
    if (turn.role !== 'assistant') return [];
    const reasons = out.get(i);
    return [reasons ? { turn: i, verdict: 'no', reason: reasons.join(' ') } : { turn: i, verdict: 'yes', reason: 'Not named out of character in deepeval’s log.' }];
  });
  return { found: true, verdicts, ...(role ? { chatbotRole: role } : {}) };
};
