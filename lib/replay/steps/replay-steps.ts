import { z } from 'zod';
import { withRules } from '../../judge/steps';
import { OFFLINE_PREFIX } from '../../judge/offline/steps/reason-prefix';

/* The judge steps of replays (not of a metric): each request carries its step's contract, so no registry lists them. */

const message = z.object({ role: z.enum(['user', 'assistant']), content: z.string() });
const PLANNED = 'A reply of about this length, planned for the estimate.';
const schemas = {
  /** On-policy replay: does the recorded next user message still follow from the regenerated reply? */
  'replay.fit': {
    input: z.object({ previousTurns: z.array(message), reply: z.string(), nextUserMessage: z.string() }),
    output: z.object({ fits: z.enum(['yes', 'no']), reason: z.string() }),
  },
  /**
   * Simulated-user replay: the judge plays the user of the scenario. After each assistant reply it
   * says whether the goal is met, failed, or the conversation goes on with its next message.
   */
  'replay.simulate_user': {
    input: z.object({ scenario: z.string(), expectedOutcome: z.string().nullable(), transcript: z.array(message) }),
    output: z.object({ status: z.enum(['continue', 'goal_met', 'goal_failed']), message: z.string(), reason: z.string() }),
  },
};

type Schemas = typeof schemas;
declare module '../../judge/steps' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface JudgeStepContracts extends Schemas {}
}

export const replaySteps = withRules(schemas, {
  // The offline judge cannot tell whether a conversation went off script; replays refuse it for on-policy mode.
  'replay.fit': { offline: () => ({ fits: 'yes' as const, reason: OFFLINE_PREFIX + 'not checked: the offline judge does not judge whether a user turn still fits' }) },
  // The simulated user needs an LLM judge: a replay refuses the offline judge for that mode.
  'replay.simulate_user': { planned: () => ({ status: 'continue' as const, message: PLANNED, reason: PLANNED }) },
});
