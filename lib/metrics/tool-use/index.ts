import type { Conversation } from '../../domain/conversation';
import { runAll } from '../shared/concurrency';
import type { MetricContext } from '../shared/context';
import { segmentExchanges } from '../shared/exchanges';
import type { PipelineOutcome } from '../shared/run-metric';
import { metricClass } from '../shared/metric-class';
import { toolUseSteps } from './steps';
import { runStep } from '../shared/run-step';
import { judgeUnit, requireTurns } from '../shared/units';
import { buildArgumentsPrompt, buildSelectionPrompt } from './prompts';
import { toolUseOptionsSchema, type ToolCall } from './schema';
import { selectionByExpected, toolUseScore } from './score';
import { readConversationTools } from './tools';

export { toolUseOptionsSchema, toolCallSchema, type ToolCall, type ToolUseOptions } from './schema';
export { toolUseScore, selectionByExpected } from './score';

interface Scored {
  score: number;
  reason: string;
}

export interface ToolInteractionStep {
  exchange: number;
  /** The turn its verdict sits on, 0-based: its last assistant turn that called tools (else its last reply). */
  turn: number;
  toolsCalled: string[];
  /** Tool selection: matched against the expected tools, or judged against the available ones; null when neither was given. */
  selection: (Scored & { by: 'expected' | 'judge' }) | null;
  /** Argument correctness, judged; null when the interaction called no tool. */
  arguments: Scored | null;
}

const names = (tools: readonly ToolCall[]): string => tools.map((t) => t.name).join(', ');

/** The expected-tools match in words. */
function expectedReason(called: string[], expected: string[], match: ReturnType<typeof selectionByExpected>): string {
  if (expected.length === 0) return called.length === 0 ? 'No tool was expected and none was called.' : `No tool was expected, yet ${called.join(', ')} ${called.length > 1 ? 'were' : 'was'} called.`;
  const parts = [match.missing.length === 0 ? `Called every expected tool (${expected.join(', ')}).` : `Expected ${expected.join(', ')}; not called: ${match.missing.join(', ')}.`];
  if (match.unexpected.length > 0) parts.push(`Also called ${match.unexpected.join(', ')}, not expected.`);
  return parts.join(' ');
}

/** The interaction's score on its turn: the lower of its selection and argument scores, as the metric takes the lower mean. */
const interactionScore = (i: ToolInteractionStep): number => Math.min(i.selection?.score ?? 1, i.arguments?.score ?? 1);

function describe(i: ToolInteractionStep): string {
  const parts = [`Turn ${i.turn + 1}`];
  if (i.selection) parts.push(`selection ${i.selection.score} (${i.selection.reason})`);
  if (i.arguments) parts.push(`arguments ${i.arguments.score} (${i.arguments.reason})`);
  return `${parts[0]}: ${parts.slice(1).join('; ')}`;
}

async function pipeline(ctx: MetricContext, conversation: Conversation, optionTools: ToolCall[] | undefined): Promise<PipelineOutcome> {
  requireTurns(conversation);
  const { turns } = conversation;
  const tools = readConversationTools(conversation, optionTools);
  const interactions: ToolInteractionStep[] = [];
  ctx.steps.availableTools = tools.available;
  ctx.steps.interactions = interactions;

  // Per user–assistant interaction (deepeval's unit interactions): a selection score, matched
  // against the expected tools when the file gives them, else judged; and, when the interaction
  // called tools, an argument correctness score, judged. The reference judges both (tool_use.py:167-187).
  await runAll(
    segmentExchanges(turns).map((exchange) => async () => {
      const called = exchange.replyTurns.flatMap((i) => tools.called[i]);
      const callingTurns = exchange.replyTurns.filter((i) => tools.called[i].length > 0);
      const expectedGiven = exchange.turns.some((i) => tools.expected[i] !== undefined);
      const expected = expectedGiven ? exchange.turns.flatMap((i) => tools.expected[i] ?? []) : null;
      const turn = callingTurns.at(-1) ?? exchange.endTurn;
      const input = { userMessages: exchange.userMessage, assistantMessages: exchange.assistantMessage, toolsCalled: called, availableTools: tools.available };

      await judgeUnit(ctx, turn, 'the interaction', async () => {
        const calledNames = called.map((t) => t.name);
        const bySelection = async (): Promise<ToolInteractionStep['selection']> => {
          if (expected) {
            const expectedNames = expected.map((t) => t.name);
            const match = selectionByExpected(calledNames, expectedNames);
            return { score: match.score, reason: expectedReason(calledNames, expectedNames, match), by: 'expected' };
          }
          if (tools.available.length === 0) return null;
          const judged: Scored = await runStep(ctx, { step: 'tool_use.selection', input, prompt: buildSelectionPrompt });
          return { score: judged.score, reason: judged.reason, by: 'judge' };
        };
        const byArguments = async (): Promise<Scored | null> =>
          called.length === 0 ? null : runStep(ctx, { step: 'tool_use.arguments', input: { ...input, expectedTools: expected }, prompt: buildArgumentsPrompt });
        const [selection, args] = await Promise.all([bySelection(), byArguments()]);
        const step: ToolInteractionStep = { exchange: exchange.index, turn, toolsCalled: calledNames, selection, arguments: args };
        interactions.push(step);
        const score = interactionScore(step);
        // Verdicts sit on the turns that called tools; an interaction that called none gets one
        // only when its selection cost points (a tool it needed was not called).
        if (called.length > 0 || score < 1) {
          const said = [called.length > 0 ? `Called ${names(called)}.` : 'Called no tool.'];
          if (selection) said.push(`Selection ${selection.score}: ${selection.reason}`);
          if (args) said.push(`Arguments ${args.score}: ${args.reason}`);
          ctx.verdicts.push({ turn, verdict: score < 1 ? 'no' : 'yes', score, reason: said.join(' ') });
        }
      });
    }),
    ctx.options.asyncMode,
  );
  interactions.sort((a, b) => a.exchange - b.exchange);

  const selections = interactions.flatMap((i) => (i.selection ? [i.selection.score] : []));
  const args = interactions.flatMap((i) => (i.arguments ? [i.arguments.score] : []));
  const judged = interactions.filter((i) => i.selection || i.arguments);
  return {
    score: toolUseScore(selections, args),
    failing: judged.filter((i) => interactionScore(i) < 1).map(describe),
    all: judged.map(describe),
    emptyNote: 'No interaction called a tool or could be held against the available or expected tools (the reference scores it 0).',
  };
}

/** Did the agent pick the right tools and pass them the right arguments (deepeval's ToolUseMetric)? */
export class ToolUseMetric extends metricClass({
  name: 'tool_use',
  options: toolUseOptionsSchema,
  steps: toolUseSteps,
  pipeline: (ctx, conversation, options) => pipeline(ctx, conversation, options.availableTools),
}) {}
