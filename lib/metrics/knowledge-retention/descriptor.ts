import { z } from 'zod';
import { defineMetric } from '../shared/descriptor';
import { knowledgeRetentionSteps } from './steps';
import { group } from '../shared/steps-view';
import { KnowledgeRetentionMetric } from './index';
import { knowledgeRetentionOptionsSchema } from './schema';

const stored = z.object({
  facts: z.array(z.object({ turn: z.number(), facts: z.array(z.object({ key: z.string(), values: z.array(z.string()) })) })).default([]),
  attrition: z.array(z.object({ turn: z.number(), attrition: z.enum(['yes', 'no']), reason: z.string() })).default([]),
});

export const knowledgeRetention = defineMetric({
  name: 'knowledge_retention',
  label: 'Knowledge retention',
  needs: 'user and assistant turns',
  applies: () => true,
  options: knowledgeRetentionOptionsSchema,
  steps: knowledgeRetentionSteps,
  create: (judge, options) => new KnowledgeRetentionMetric(judge, options),
  // One extraction per user turn, one verdict per assistant turn that has knowledge before it.
  referenceCalls: ({ turns }) => {
    const firstUser = turns.findIndex((t) => t.role === 'user');
    return turns.filter((t) => t.role === 'user').length + turns.filter((t, i) => t.role === 'assistant' && firstUser >= 0 && i > firstUser).length;
  },
  view: (steps) => {
    const parsed = stored.safeParse(steps ?? {});
    if (!parsed.success) return null;
    const { facts, attrition } = parsed.data;
    return [
      {
        title: 'Facts the user gave',
        empty: 'The user stated no facts to remember.',
        testId: 'facts',
        groups: facts
          .filter((f) => f.facts.length > 0)
          .map((f) => group(f.turn, [{ kind: 'chips', chips: f.facts.map((fact, i) => ({ key: String(i), label: fact.key, text: fact.values.join(', ') })) }], { heading: [{ turn: f.turn }] })),
      },
      {
        title: 'Attrition (forgetting, contradicting or asking again)',
        empty: 'No assistant turn came after a stated fact.',
        groups: attrition.length
          ? [
              group('attrition', [
                {
                  kind: 'verdicts',
                  items: attrition.map((a) => ({ key: String(a.turn), subject: `Turn ${a.turn + 1}: attrition ${a.attrition}`, verdict: a.attrition, reason: a.reason, invert: true })),
                },
              ]),
            ]
          : [],
      },
    ];
  },
});
