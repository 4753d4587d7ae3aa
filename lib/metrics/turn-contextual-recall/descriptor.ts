import { z } from 'zod';
import { defineMetric } from '../shared/descriptor';
import { turnContextualRecallSteps } from './steps';
import { assistantTurnsOf, segmentExchanges } from '../shared/exchanges';
import { distinctNonBlank, isBlank } from '../shared/messages';
import { sentenceVerdicts, windowGroup } from '../shared/steps-view';
import { TurnContextualRecallMetric } from './index';
import { turnContextualRecallOptionsSchema } from './schema';

const stored = z.object({
  windows: z
    .array(
      z.object({
        exchange: z.number(),
        turn: z.number(),
        exchanges: z.tuple([z.number(), z.number()]),
        retrievalContext: z.array(z.string()),
        sentences: z.array(z.object({ sentence: z.string(), verdict: z.enum(['yes', 'no']), node: z.number().nullable(), reason: z.string() })),
        score: z.number().nullable(),
        error: z.string().optional(),
      }),
    )
    .default([]),
});

export const turnContextualRecall = defineMetric({
  name: 'turn_contextual_recall',
  label: 'Turn contextual recall',
  needs: "the conversation's expected outcome and retrieval context on assistant turns",
  verdictOn: 'retrieval_context',
  // Not in the default set, for the reason turn contextual precision is not (see there).
  notInDefaultSet: 'It judges whether the retriever found the expected outcome, not the reply: good conversations fail when the expected outcome says what should happen rather than a retrieved fact. Check it to look at the retriever.',
  // A retriever that returned nothing ([]) is a finding (its windows score 0); only a missing field leaves the turn out.
  applies: (c) => Boolean(c.expectedOutcome?.trim()) && c.turns.some((t) => t.role === 'assistant' && t.retrievalContext !== undefined),
  options: turnContextualRecallOptionsSchema,
  steps: turnContextualRecallSteps,
  create: (judge, options) => new TurnContextualRecallMetric(judge, options),
  // deepeval: one verdict call and one reason call per window that has retrieval context.
  referenceCalls: (conversation, options) => {
    if (isBlank(conversation.expectedOutcome)) return 0;
    const { turns } = conversation;
    const all = segmentExchanges(turns);
    const retrieved = all.map((e) => assistantTurnsOf(e).some((t) => distinctNonBlank(turns[t].retrievalContext).length > 0));
    const windows = all.filter((_, i) => retrieved.slice(Math.max(0, i - options.windowSize + 1), i + 1).some(Boolean)).length;
    return options.includeReason ? 2 * windows : windows;
  },
  view: (steps) => {
    const parsed = stored.safeParse(steps ?? {});
    if (!parsed.success) return null;
    return [
      {
        title: 'Sentences of the expected outcome, window by window',
        empty: 'No window was judged.',
        testId: 'recall-windows',
        groups: parsed.data.windows.map((w) =>
          windowGroup(w, () =>
            w.retrievalContext.length === 0
              ? {
                  kind: 'note',
                  text:
                    w.score === 0
                      ? 'The retriever returned nothing in this window; it scores 0.'
                      : 'No turn of this window carries a retrieval context; it scores 1 by the reference rule.',
                }
              : sentenceVerdicts(w.exchange, w.sentences),
          ),
        ),
      },
    ];
  },
});
