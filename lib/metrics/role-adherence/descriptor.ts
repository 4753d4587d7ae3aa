import { z } from 'zod';
import { defineMetric } from '../shared/descriptor';
import { roleAdherenceSteps } from './steps';
import { isBlank } from '../shared/messages';
import { group } from '../shared/steps-view';
import { RoleAdherenceMetric } from './index';
import { roleAdherenceOptionsSchema } from './schema';

const stored = z.object({
  chatbotRole: z.string().default(''),
  turns: z.array(z.object({ turn: z.number(), verdict: z.enum(['yes', 'no']), reason: z.string() })).default([]),
});

export const roleAdherence = defineMetric({
  name: 'role_adherence',
  label: 'Role adherence',
  needs: "the conversation's chatbot_role",
  applies: (c) => !isBlank(c.chatbotRole),
  needsLlmJudge: true,
  options: roleAdherenceOptionsSchema,
  steps: roleAdherenceSteps,
  create: (judge, options) => new RoleAdherenceMetric(judge, options),
  // deepeval: one call over the whole conversation (role_adherence.py:125-131).
  referenceCalls: ({ turns }) => (turns.length > 0 ? 1 : 0),
  view: (steps) => {
    const parsed = stored.safeParse(steps ?? {});
    if (!parsed.success) return null;
    const { chatbotRole, turns } = parsed.data;
    return [
      {
        title: 'Each assistant turn against the chatbot role',
        empty: 'The conversation has no assistant turn.',
        groups: turns.length
          ? [
              group('role', [
                { kind: 'source', summary: 'Chatbot role', text: chatbotRole },
                { kind: 'verdicts', items: turns.map((t) => ({ key: String(t.turn), subject: `Turn ${t.turn + 1}`, verdict: t.verdict, reason: t.reason })) },
              ]),
            ]
          : [],
      },
    ];
  },
});
