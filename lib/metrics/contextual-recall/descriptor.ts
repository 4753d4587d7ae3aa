import { z } from 'zod';
import { defineMetric } from '../shared/descriptor';
import { contextualRecallSteps } from './steps';
import { isBlank } from '../shared/messages';
import { group, sentenceVerdicts } from '../shared/steps-view';
import { ContextualRecallMetric } from './index';
import { contextualRecallOptionsSchema } from './schema';

const sentence = z.object({ sentence: z.string(), verdict: z.enum(['yes', 'no']), node: z.number().nullable(), reason: z.string() });
const stored = z.object({
  sentences: z.array(z.object({ turn: z.number(), expectedOutput: z.string(), sentences: z.array(sentence), score: z.number() })).default([]),
});

export const contextualRecall = defineMetric({
  name: 'contextual_recall',
  label: 'Contextual recall',
  needs: 'an expected output and retrieval context on assistant turns',
  // The turn's expected output against its own retrieval context: the reply is not read.
  verdictOn: 'retrieval_context',
  // An empty retrieval context is a finding (it scores 0); only a missing one leaves the turn out.
  applies: (c) => c.turns.some((t) => t.role === 'assistant' && !isBlank(t.expectedOutput) && t.retrievalContext !== undefined),
  options: contextualRecallOptionsSchema,
  steps: contextualRecallSteps,
  create: (judge, options) => new ContextualRecallMetric(judge, options),
  // deepeval judges an empty retrieval context too (its verdicts are all "no"); we score it 0 without a call.
  referenceCalls: ({ turns }) => turns.filter((t) => t.role === 'assistant' && !isBlank(t.expectedOutput) && t.retrievalContext !== undefined).length,
  view: (steps) => {
    const parsed = stored.safeParse(steps ?? {});
    if (!parsed.success) return null;
    return [
      {
        title: 'Sentences of the expected output and their attribution',
        empty: 'No turn has both an expected output and retrieval context.',
        testId: 'sentences',
        groups: parsed.data.sentences.map((t) => group(t.turn, [sentenceVerdicts(t.turn, t.sentences)], { heading: [{ turn: t.turn }, ' · score ', { score: t.score }] })),
      },
    ];
  },
});
