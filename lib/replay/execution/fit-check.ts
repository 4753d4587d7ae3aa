import { replaySteps } from '../steps/replay-steps';
import type { Judge } from '../../judge/types';
import type { TargetMessage } from '../targets/target-types';

const PROMPT_CHARS = 4000;
const cut = (text: string) => (text.length > PROMPT_CHARS ? `${text.slice(0, PROMPT_CHARS)}…` : text);

/**
 * On-policy replay's one judge step per user turn: does the recorded next user message still
 * follow from the reply the new model gave? The reply is validated with the step's own output
 * schema ({ fits: yes | no, reason }), so any reply that fits the JSON schema passes.
 */
export async function checkNextTurnFits(
  judge: Judge,
  input: { previousTurns: TargetMessage[]; reply: string; nextUserMessage: string },
  signal?: AbortSignal,
): Promise<{ fits: boolean; reason: string; promptTokens: number; completionTokens: number; costUsd: number }> {
  const history = input.previousTurns.slice(-6).map((m) => `${m.role}: ${cut(m.content)}`).join('\n');
  const reply = await judge.call({
    step: 'replay.fit',
    input,
    contract: replaySteps['replay.fit'],
    schema: replaySteps['replay.fit'].output,
    schemaName: 'replay_fit',
    signal,
    messages: [
      {
        role: 'system',
        content:
          'A recorded conversation is being replayed against a new assistant. The user messages are the recorded ones. ' +
          'Decide whether the next recorded user message still makes sense as a reply to what the new assistant said. ' +
          'Answer "no" only when it clearly does not (it answers a question that was not asked, refers to something the assistant did not say, or repeats what the assistant already resolved). ' +
          'Answer in JSON: {"fits": "yes" | "no", "reason": "<one sentence>"}.',
      },
      {
        role: 'user',
        content: `Earlier turns:\n${history || '(none)'}\n\nNew assistant reply:\n${cut(input.reply)}\n\nNext recorded user message:\n${cut(input.nextUserMessage)}`,
      },
    ],
  });
  return { fits: reply.output.fits === 'yes', reason: reply.output.reason, promptTokens: reply.promptTokens, completionTokens: reply.completionTokens, costUsd: reply.costUsd };
}
