import { z } from 'zod';
import { defineMetric } from '../shared/descriptor';
import { conversationRelevancySteps } from './steps';
import { segmentExchanges } from '../shared/exchanges';
import { exchangesText, group } from '../shared/steps-view';
import { ConversationRelevancyMetric } from './index';
import { conversationRelevancyOptionsSchema } from './schema';

const stored = z.object({
  windows: z
    .array(z.object({ exchange: z.number(), turn: z.number(), exchanges: z.tuple([z.number(), z.number()]), verdict: z.enum(['yes', 'no']).nullable(), reason: z.string() }))
    .default([]),
});

export const conversationRelevancy = defineMetric({
  name: 'conversation_relevancy',
  label: 'Conversation relevancy',
  needs: 'user and assistant turns',
  applies: () => true,
  options: conversationRelevancyOptionsSchema,
  steps: conversationRelevancySteps,
  create: (judge, options) => new ConversationRelevancyMetric(judge, options),
  referenceCalls: ({ turns }) => segmentExchanges(turns).length,
  view: (steps) => {
    const parsed = stored.safeParse(steps ?? {});
    if (!parsed.success) return null;
    const { windows } = parsed.data;
    return [
      {
        title: 'Relevance of each reply, in its window',
        empty: 'No exchange to judge.',
        groups: windows.length
          ? [
              group('windows', [
                {
                  kind: 'verdicts',
                  items: windows.map((w) => ({
                    key: String(w.exchange),
                    subject: `Turn ${w.turn + 1} (window of ${exchangesText(w.exchanges)})`,
                    verdict: w.verdict ?? 'unreadable',
                    reason: w.reason,
                  })),
                },
              ]),
            ]
          : [],
      },
    ];
  },
});
