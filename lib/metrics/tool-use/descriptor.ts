import { z } from 'zod';
import { defineMetric } from '../shared/descriptor';
import { toolUseSteps } from './steps';
import { segmentExchanges } from '../shared/exchanges';
import { group, type ViewVerdict } from '../shared/steps-view';
import { ToolUseMetric } from './index';
import { toolUseOptionsSchema } from './schema';
import { toolUseMissing } from './tools';

const scored = z.object({ score: z.number(), reason: z.string() });
const stored = z.object({
  availableTools: z.array(z.object({ name: z.string(), description: z.string().optional() }).loose()).default([]),
  interactions: z
    .array(
      z.object({
        exchange: z.number(),
        turn: z.number(),
        toolsCalled: z.array(z.string()),
        selection: scored.extend({ by: z.enum(['expected', 'judge']) }).nullable(),
        arguments: scored.nullable(),
      }),
    )
    .default([]),
});

const optionTools = (options: Record<string, unknown> | undefined): unknown[] | undefined => (Array.isArray(options?.availableTools) ? options.availableTools : undefined);

export const toolUse = defineMetric({
  name: 'tool_use',
  label: 'Tool use',
  needs: "tools_called on assistant turns, and the conversation's available_tools (or the availableTools option) or expected_tools on its turns",
  applies: (c, options) => toolUseMissing(c, optionTools(options)) === null,
  needsLlmJudge: true,
  options: toolUseOptionsSchema,
  steps: toolUseSteps,
  create: (judge, options) => new ToolUseMetric(judge, options),
  // deepeval: a selection call per unit interaction, an argument call per interaction that called
  // tools (tool_use.py:167-187), and two reason calls, made whatever include_reason says
  // (:191-201); the registry adds one of them when includeReason is on.
  referenceCalls: ({ turns }, options) => {
    const interactions = segmentExchanges(turns);
    const calling = interactions.filter((e) => e.replyTurns.some((i) => (turns[i].toolsCalled?.length ?? 0) > 0));
    return interactions.length + calling.length + (options.includeReason ? 1 : 2);
  },
  view: (steps) => {
    const parsed = stored.safeParse(steps ?? {});
    if (!parsed.success) return null;
    const { availableTools, interactions } = parsed.data;
    const verdicts = (i: (typeof interactions)[number]): ViewVerdict[] => [
      ...(i.selection
        ? [{ key: 'selection', subject: `Tool selection${i.selection.by === 'expected' ? ' (against the expected tools)' : ''}: ${i.selection.score}`, verdict: i.selection.score < 1 ? 'no' : 'yes', reason: i.selection.reason }]
        : []),
      ...(i.arguments ? [{ key: 'arguments', subject: `Arguments: ${i.arguments.score}`, verdict: i.arguments.score < 1 ? 'no' : 'yes', reason: i.arguments.reason }] : []),
    ];
    return [
      {
        title: 'Tools of each interaction',
        empty: 'No user–assistant interaction to judge.',
        groups: [
          ...(availableTools.length
            ? [group('available', [{ kind: 'list' as const, items: availableTools.map((t) => (t.description ? `${t.name}: ${t.description}` : t.name)) }], { heading: ['Available tools'] })]
            : []),
          ...interactions.map((i) =>
            group(i.exchange, [{ kind: 'note', text: i.toolsCalled.length ? `Called: ${i.toolsCalled.join(', ')}` : 'Called no tool' }, { kind: 'verdicts', items: verdicts(i) }], {
              heading: [`Interaction ${i.exchange + 1}, its verdict on `, { turn: i.turn }, ' · score ', { score: Math.min(i.selection?.score ?? 1, i.arguments?.score ?? 1) }],
              anchorTurn: i.turn,
            }),
          ),
        ],
      },
    ];
  },
});
