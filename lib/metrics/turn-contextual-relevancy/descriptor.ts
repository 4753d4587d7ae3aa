import { z } from 'zod';
import { defineMetric } from '../shared/descriptor';
import { turnContextualRelevancySteps } from './steps';
import { referenceRetrievalWindows } from '../shared/retrieval-windows';
import { windowGroup } from '../shared/steps-view';
import { TurnContextualRelevancyMetric } from './index';
import { turnContextualRelevancyOptionsSchema } from './schema';

const stored = z.object({
  windows: z
    .array(
      z.object({
        exchange: z.number(),
        turn: z.number(),
        exchanges: z.tuple([z.number(), z.number()]),
        nodes: z.array(
          z.object({
            node: z.string(),
            times: z.number(),
            statements: z.array(z.object({ statement: z.string(), verdict: z.enum(['yes', 'no']), reason: z.string() })),
          }),
        ),
        score: z.number().nullable(),
        error: z.string().optional(),
      }),
    )
    .default([]),
});

export const turnContextualRelevancy = defineMetric({
  name: 'turn_contextual_relevancy',
  label: 'Turn contextual relevancy',
  needs: 'retrieval_context on assistant turns',
  verdictOn: 'retrieval_context',
  // Not in the default set: it judges whether each retrieved statement is about what the user asked,
  // so a retriever that brings more than the question (most knowledge-grounded chats) fails good
  // replies: 61 % of the FaithDial development set's faithful replies, and 3 of the demo's 15 windows.
  notInDefaultSet: 'It judges what the retriever returned, not the reply: retrieved text beyond the question fails good conversations. Check it to look at the retriever.',
  // A retriever that returned nothing ([]) is a finding (its windows score 0); only a missing field leaves the turn out.
  applies: (c) => c.turns.some((t) => t.role === 'assistant' && t.retrievalContext !== undefined),
  options: turnContextualRelevancyOptionsSchema,
  steps: turnContextualRelevancySteps,
  create: (judge, options) => new TurnContextualRelevancyMetric(judge, options),
  // deepeval: one verdict call per node of each window's retrieval context, and one reason call per such window.
  referenceCalls: (conversation, options) =>
    referenceRetrievalWindows(conversation.turns, options.windowSize).reduce((calls, w) => calls + w.nodes + (options.includeReason ? 1 : 0), 0),
  view: (steps) => {
    const parsed = stored.safeParse(steps ?? {});
    if (!parsed.success) return null;
    return [
      {
        title: 'Statements of the retrieved nodes, window by window',
        empty: 'No window was judged.',
        testId: 'relevancy-windows',
        groups: parsed.data.windows.map((w) =>
          windowGroup(w, () =>
            w.nodes.length === 0
              ? {
                  kind: 'note',
                  text: w.score === 0 ? 'The retriever returned nothing in this window; it scores 0.' : 'No turn of this window carries a retrieval context; it scores 1 by the reference rule.',
                }
              : {
                  kind: 'verdicts',
                  items: w.nodes.flatMap((n, i) =>
                    n.statements.map((s, j) => ({
                      key: `${w.exchange}-${i}-${j}`,
                      subject: s.statement,
                      verdict: s.verdict,
                      reason: s.reason,
                      extra: n.node.trim() === '' ? (n.times > 1 ? `${n.times} blank nodes` : 'blank node') : n.times > 1 ? `node ${i + 1}, retrieved ${n.times} times` : `node ${i + 1}`,
                    })),
                  ),
                },
          ),
        ),
      },
    ];
  },
});
