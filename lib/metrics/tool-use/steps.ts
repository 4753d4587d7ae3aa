import { z } from 'zod';
import { withRules } from '../../judge/steps';
import { PLANNED, quarterScore } from '../shared/step-parts';

/** A tool in deepeval's ToolCall shape, as tool_use shows it to the judge. */
const toolCall = z.object({
  name: z.string(),
  description: z.string().optional(),
  reasoning: z.string().optional(),
  /** The arguments, an object (checked where the metric reads the tool: lib/metrics/tool-use/schema.ts). */
  input_parameters: z.unknown().optional(),
  output: z.unknown().optional(),
});
export type StepToolCall = z.infer<typeof toolCall>;
/** One user–assistant interaction of tool_use: the user's messages, the replies, the tools they called and those available. */
const toolInteraction = z.object({ userMessages: z.string(), assistantMessages: z.string(), toolsCalled: z.array(toolCall), availableTools: z.array(toolCall) });

const schemas = {
  /** Were the tools called in one interaction the most appropriate of those available (deepeval's tool selection score)? */
  'tool_use.selection': { input: toolInteraction, output: quarterScore },
  /**
   * Were the arguments of the tools called in one interaction correct, complete and specific
   * (deepeval's argument correctness score)? `expectedTools` (null: not given) are the calls the
   * file says the reply should have made.
   */
  'tool_use.arguments': { input: toolInteraction.extend({ expectedTools: z.array(toolCall).nullable() }), output: quarterScore },
};

type Schemas = typeof schemas;
declare module '../../judge/steps' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface JudgeStepContracts extends Schemas {}
}

// No offline rule: whether a tool was the right one is read in plain words (needsLlmJudge).
export const toolUseSteps = withRules(schemas, {
  'tool_use.selection': { planned: () => ({ score: 1, reason: PLANNED }) },
  'tool_use.arguments': { planned: () => ({ score: 1, reason: PLANNED }) },
});
