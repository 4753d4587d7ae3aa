import { z } from 'zod';
import { defineMetric } from '../shared/descriptor';
import { turnFaithfulnessSteps } from './steps';
import { segmentExchanges } from '../shared/exchanges';
import { group, windowGroup } from '../shared/steps-view';
import { TurnFaithfulnessMetric } from './index';
import { turnFaithfulnessOptionsSchema } from './schema';

const verdict = z.enum(['yes', 'no', 'idk']);
const claimVerdict = z.object({ claim: z.string(), verdict, reason: z.string() });
const stored = z.object({
  truths: z.array(z.object({ exchange: z.number(), documents: z.array(z.object({ document: z.string(), truths: z.array(z.string()) })) })).default([]),
  claims: z.array(z.object({ exchange: z.number(), turns: z.array(z.number()), claims: z.array(z.string()) })).default([]),
  windows: z
    .array(
      z.object({
        exchange: z.number(),
        turn: z.number(),
        exchanges: z.tuple([z.number(), z.number()]),
        truths: z.array(z.string()),
        claims: z.array(claimVerdict),
        // A window the judge failed on keeps a null score and its error.
        score: z.number().nullable(),
        error: z.string().optional(),
      }),
    )
    .default([]),
  /** Each assistant turn on its own claims (absent in results stored before per-turn verdicts). */
  turns: z.array(z.object({ turn: z.number(), exchange: z.number(), claims: z.array(claimVerdict), score: z.number(), verdict })).default([]),
});

export const turnFaithfulness = defineMetric({
  name: 'turn_faithfulness',
  label: 'Turn faithfulness',
  needs: 'retrieval context on assistant turns',
  // A turn whose retriever returned nothing ([]) is judged against no truths, as the reference does; only a missing field leaves it out.
  applies: (c) => c.turns.some((t) => t.role === 'assistant' && t.retrievalContext !== undefined),
  options: turnFaithfulnessOptionsSchema,
  steps: turnFaithfulnessSteps,
  create: (judge, options) => new TurnFaithfulnessMetric(judge, options),
  // Truths, claims and verdicts in every window.
  referenceCalls: ({ turns }) => 3 * segmentExchanges(turns).length,
  view: (steps) => {
    const parsed = stored.safeParse(steps ?? {});
    if (!parsed.success) return null;
    const documents = parsed.data.truths.flatMap((t) => t.documents);
    return [
      {
        title: 'Truths from the retrieved documents',
        empty: 'No retrieved document.',
        testId: 'truths',
        groups: documents.map((d, i) =>
          group(i, [
            { kind: 'source', summary: `Document ${i + 1}: ${d.truths.length} ${d.truths.length === 1 ? 'truth' : 'truths'}`, text: d.document },
            { kind: 'list', items: d.truths },
          ]),
        ),
      },
      {
        title: 'Claims and their verdicts, window by window',
        empty: 'No window was judged.',
        testId: 'claims',
        groups: parsed.data.windows.map((w) =>
          windowGroup(w, () =>
            w.claims.length === 0
              ? { kind: 'note', text: 'No factual claim in this window.' }
              : { kind: 'verdicts', items: w.claims.map((c, i) => ({ key: `${w.exchange}-${i}`, subject: c.claim, verdict: c.verdict, reason: c.reason })) },
          ),
        ),
      },
    ];
  },
});
