import { z } from 'zod';
import { defineMetric } from '../shared/descriptor';
import { contextCoverageSteps } from './steps';
import { distinctNonBlank } from '../shared/messages';
import { group } from '../shared/steps-view';
import { ContextCoverageMetric } from './index';
import { contextCoverageOptionsSchema } from './schema';

const stored = z.object({
  items: z.array(z.object({ turn: z.number(), items: z.array(z.object({ item: z.string(), verdict: z.enum(['yes', 'no']), reason: z.string() })), score: z.number() })).default([]),
});

export const contextCoverage = defineMetric({
  name: 'context_coverage',
  label: 'Context coverage',
  needs: 'context items on assistant turns or the conversation',
  applies: (c) => {
    const replies = c.turns.filter((t) => t.role === 'assistant');
    return replies.length > 0 && (replies.some((t) => t.context?.length) || Boolean(c.context?.length));
  },
  options: contextCoverageOptionsSchema,
  steps: contextCoverageSteps,
  create: (judge, options) => new ContextCoverageMetric(judge, options),
  referenceCalls: (conversation) => {
    const { turns } = conversation;
    const own = turns.filter((t) => t.role === 'assistant' && distinctNonBlank(t.context).length > 0).length;
    const whole = distinctNonBlank(conversation.context).length > 0 && turns.some((t) => t.role === 'assistant');
    return own > 0 ? own : whole ? 1 : 0;
  },
  view: (steps) => {
    const parsed = stored.safeParse(steps ?? {});
    if (!parsed.success) return null;
    return [
      {
        title: 'Context items covered by each response',
        empty: 'No turn has context items.',
        testId: 'coverage-items',
        groups: parsed.data.items.map((t) =>
          group(t.turn, [{ kind: 'verdicts', items: t.items.map((item, i) => ({ key: `${t.turn}-${i}`, subject: item.item, verdict: item.verdict, reason: item.reason })) }], {
            heading: [{ turn: t.turn }, ' · coverage ', { score: t.score }],
          }),
        ),
      },
    ];
  },
  scale: (options) => (typeof options.scale === 'number' && options.scale > 0 ? options.scale : 1),
});
