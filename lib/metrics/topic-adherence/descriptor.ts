import { z } from 'zod';
import { defineMetric } from '../shared/descriptor';
import { topicAdherenceSteps } from './steps';
import { segmentExchanges } from '../shared/exchanges';
import { group } from '../shared/steps-view';
import { TopicAdherenceMetric } from './index';
import { topicAdherenceOptionsSchema, topicsFor } from './schema';

const pair = z.object({
  question: z.string(),
  response: z.string(),
  turn: z.number(),
  verdict: z.enum(['TP', 'TN', 'FP', 'FN']).nullable(),
  reason: z.string(),
  error: z.string().optional(),
});
const stored = z.object({
  relevantTopics: z.array(z.string()).default([]),
  interactions: z.array(z.object({ exchange: z.number(), turn: z.number(), pairs: z.array(pair) })).default([]),
});

/** The run's relevantTopics option, read leniently: applicability never throws on options the run checks elsewhere. */
const optionTopics = z.object({ relevantTopics: z.array(z.string()).optional() }).catch({});

const MEANING = { TP: 'on topic, answered', TN: 'off topic, refused', FP: 'off topic, answered', FN: 'on topic, refused' } as const;

export const topicAdherence = defineMetric({
  name: 'topic_adherence',
  label: 'Topic adherence',
  needs: 'relevant_topics or the relevantTopics option',
  applies: (c, options) => topicsFor(c, optionTopics.parse(options ?? {})) !== undefined,
  needsLlmJudge: true,
  standInOption: 'relevantTopics',
  options: topicAdherenceOptionsSchema,
  steps: topicAdherenceSteps,
  create: (judge, options) => new TopicAdherenceMetric(judge, options),
  // deepeval: a QA-pair extraction call per unit interaction, then a verdict call per pair
  // (topic_adherence.py:176-200, 339-395). The pairs are the judge's; one per interaction is counted.
  referenceCalls: ({ turns }) => 2 * segmentExchanges(turns).length,
  view: (steps) => {
    const parsed = stored.safeParse(steps ?? {});
    if (!parsed.success) return null;
    const { relevantTopics, interactions } = parsed.data;
    return [
      {
        title: 'Each question–answer pair against the relevant topics',
        empty: 'No user–assistant interaction to judge.',
        groups: interactions.map((i, n) =>
          group(
            i.exchange,
            [
              ...(n === 0 ? [{ kind: 'source' as const, summary: 'Relevant topics', text: relevantTopics.join('\n') }] : []),
              i.pairs.length === 0
                ? { kind: 'note' as const, tone: 'muted' as const, text: 'No question–answer pair in this interaction.' }
                : {
                    kind: 'verdicts' as const,
                    items: i.pairs.map((p, k) => ({
                      key: `${i.exchange}-${k}`,
                      subject: p.question,
                      verdict: p.verdict === null ? 'error' : p.verdict === 'FP' || p.verdict === 'FN' ? 'no' : 'yes',
                      reason: p.verdict === null ? (p.error ?? 'not judged') : p.reason,
                      extra: p.verdict === null ? `turn ${p.turn + 1}` : `${p.verdict} (${MEANING[p.verdict]}) · turn ${p.turn + 1}`,
                    })),
                  },
            ],
            { heading: ['Interaction ending at ', { turn: i.turn }], anchorTurn: i.turn },
          ),
        ),
      },
    ];
  },
});
