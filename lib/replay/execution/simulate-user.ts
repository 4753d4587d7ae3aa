import type { StepOutput } from '../../judge/steps';
import { replaySteps } from '../steps/replay-steps';
import type { Judge } from '../../judge/types';
import type { TargetMessage } from '../targets/target-types';

const PROMPT_CHARS = 4000;
const LAST_MESSAGES = 20;
const cut = (text: string) => (text.length > PROMPT_CHARS ? `${text.slice(0, PROMPT_CHARS)}…` : text);

export type SimulatedUserVerdict = StepOutput<'replay.simulate_user'>;

/**
 * Simulated-user replay's judge step: playing the user of the conversation's scenario, the judge
 * reads the conversation so far and says whether the goal is met, failed, or it goes on, with
 * the user's next message. The reply is validated with the step's own output schema only
 * ({ status, message, reason }), so any reply that fits the JSON schema passes.
 */
export async function simulateUser(
  judge: Judge,
  input: { scenario: string; expectedOutcome: string | null; transcript: TargetMessage[] },
  signal?: AbortSignal,
): Promise<SimulatedUserVerdict & { promptTokens: number; completionTokens: number; costUsd: number }> {
  const transcript = input.transcript.slice(-LAST_MESSAGES).map((m) => `${m.role}: ${cut(m.content)}`).join('\n');
  const reply = await judge.call({
    step: 'replay.simulate_user',
    input,
    contract: replaySteps['replay.simulate_user'],
    schema: replaySteps['replay.simulate_user'].output,
    schemaName: 'replay_simulate_user',
    signal,
    messages: [
      {
        role: 'system',
        content:
          'You play the user of a chat assistant, to test it. Stay in the role the scenario describes and pursue its goal; write as that user would, briefly. ' +
          'Read the conversation so far. If the assistant has achieved the expected outcome, answer status "goal_met"; if it clearly cannot or will not, answer "goal_failed"; ' +
          'otherwise answer "continue" with your next message as the user. ' +
          'Answer in JSON: {"status": "continue" | "goal_met" | "goal_failed", "message": "<the user\'s next message, or a closing line>", "reason": "<one sentence>"}.',
      },
      {
        role: 'user',
        content: `Scenario:\n${cut(input.scenario)}\n\nExpected outcome:\n${input.expectedOutcome ? cut(input.expectedOutcome) : '(not given: judge from the scenario)'}\n\nConversation so far:\n${transcript || '(none yet: write the opening message)'}`,
      },
    ],
  });
  return { ...reply.output, promptTokens: reply.promptTokens, completionTokens: reply.completionTokens, costUsd: reply.costUsd };
}
