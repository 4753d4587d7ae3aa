import { z } from 'zod';

/**
 * What a simulated-user replay stores in a work item's `state` besides the reply (its content):
 * the user message the reply answers (recorded or `simulated`), the judge's verdict after it
 * with the next user message (null after the last exchange allowed) and the HTTP target's own
 * state. The item's `fitReason` holds how the conversation ended, on its last exchange.
 */
export const simulatedExchangeSchema = z.object({
  user: z.string(),
  simulated: z.boolean(),
  next: z.object({ status: z.enum(['continue', 'goal_met', 'goal_failed']), message: z.string(), reason: z.string() }).nullable(),
  target: z.unknown().nullable().default(null),
});
export type SimulatedExchange = z.output<typeof simulatedExchangeSchema>;

export const SIMULATION_ENDS: ReadonlySet<string> = new Set(['goal_met', 'goal_failed']);
export type SimulationOutcome = 'goal_met' | 'goal_failed' | 'max_turns';

export const simulatedStateOf = (state: unknown): SimulatedExchange => simulatedExchangeSchema.parse(state);
