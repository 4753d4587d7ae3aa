import { z } from 'zod';
import { defineMetric } from '../shared/descriptor';
import { turnContextualPrecisionSteps } from './steps';
import { isBlank } from '../shared/messages';
import { referenceRetrievalWindows } from '../shared/retrieval-windows';
import { windowGroup } from '../shared/steps-view';
import { TurnContextualPrecisionMetric } from './index';
import { turnContextualPrecisionOptionsSchema } from './schema';

const stored = z.object({
  windows: z
    .array(
      z.object({
        exchange: z.number(),
        turn: z.number(),
        exchanges: z.tuple([z.number(), z.number()]),
        nodes: z.array(z.object({ node: z.string(), verdict: z.enum(['yes', 'no']), reason: z.string() })),
        score: z.number().nullable(),
        error: z.string().optional(),
      }),
    )
    .default([]),
});

export const turnContextualPrecision = defineMetric({
  name: 'turn_contextual_precision',
  label: 'Turn contextual precision',
  needs: "the conversation's expected_outcome and retrieval_context on assistant turns",
  verdictOn: 'retrieval_context',
  // Not in the default set: it ranks the retrieved nodes against the expected outcome, which says
  // what should happen rather than a fact a node states, so good conversations fail (every window
  // of the demo's retrieval conversations with their scenario as the expected outcome).
  notInDefaultSet: 'It judges how the retriever ranked what it returned, not the reply: good conversations fail when the expected outcome says what should happen rather than a retrieved fact. Check it to look at the retriever.',
  // A retriever that returned nothing ([]) is a finding (its windows score 0); only a missing field leaves the turn out.
  applies: (c) => Boolean(c.expectedOutcome?.trim()) && c.turns.some((t) => t.role === 'assistant' && t.retrievalContext !== undefined),
  options: turnContextualPrecisionOptionsSchema,
  steps: turnContextualPrecisionSteps,
  create: (judge, options) => new TurnContextualPrecisionMetric(judge, options),
  // deepeval: one verdict call and one reason call per window that has retrieval context.
  referenceCalls: (conversation, options) => {
    if (isBlank(conversation.expectedOutcome)) return 0;
    const windows = referenceRetrievalWindows(conversation.turns, options.windowSize).length;
    return options.includeReason ? 2 * windows : windows;
  },
  view: (steps) => {
    const parsed = stored.safeParse(steps ?? {});
    if (!parsed.success) return null;
    return [
      {
        title: 'Retrieved nodes in rank order, window by window',
        empty: 'No window was judged.',
        testId: 'precision-windows',
        groups: parsed.data.windows.map((w) =>
          windowGroup(w, () =>
            w.nodes.length === 0
              ? {
                  kind: 'note',
                  text: w.score === 0 ? 'The retriever returned nothing in this window; it scores 0.' : 'No turn of this window carries a retrieval context; it scores 1 by the reference rule.',
                }
              : {
                  kind: 'verdicts',
                  items: w.nodes.map((n, i) => ({ key: `${w.exchange}-${i}`, subject: isBlank(n.node) ? '(blank node)' : n.node, verdict: n.verdict, reason: n.reason, extra: `rank ${i + 1}` })),
                },
          ),
        ),
      },
    ];
  },
});
