import { z } from 'zod';
import { defineMetric } from '../shared/descriptor';
import { conversationCompletenessSteps } from './steps';
import { group } from '../shared/steps-view';
import { ConversationCompletenessMetric } from './index';
import { conversationCompletenessOptionsSchema } from './schema';

const stored = z.object({
  intentions: z
    .array(z.object({ intention: z.string(), turn: z.number(), verdict: z.enum(['yes', 'no']).nullable(), reason: z.string(), error: z.string().optional() }))
    .default([]),
});

export const conversationCompleteness = defineMetric({
  name: 'conversation_completeness',
  label: 'Conversation completeness',
  needs: 'user and assistant turns',
  applies: () => true,
  needsLlmJudge: true,
  options: conversationCompletenessOptionsSchema,
  steps: conversationCompletenessSteps,
  create: (judge, options) => new ConversationCompletenessMetric(judge, options),
  // deepeval: one extraction call, then one verdict call per intention
  // (conversation_completeness.py:145-157). How many intentions the judge finds is not known
  // before it answers; counted here as one per user turn.
  referenceCalls: ({ turns }) => (turns.length > 0 ? 1 + turns.filter((t) => t.role === 'user').length : 0),
  view: (steps) => {
    const parsed = stored.safeParse(steps ?? {});
    if (!parsed.success) return null;
    const { intentions } = parsed.data;
    return [
      {
        title: "The user's intentions, each judged met or not",
        empty: 'The user expressed no intention.',
        groups: intentions.length
          ? [
              group('intentions', [
                {
                  kind: 'verdicts',
                  items: intentions.map((i, n) => ({
                    key: String(n),
                    subject: `Turn ${i.turn + 1}: ${i.intention}`,
                    verdict: i.verdict ?? 'error',
                    reason: i.error ? `Not judged: ${i.error}` : i.reason,
                  })),
                },
              ]),
            ]
          : [],
      },
    ];
  },
});
