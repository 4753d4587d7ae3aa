import { z } from 'zod';
import { group, type StepsView } from '../shared/steps-view';

/** A custom (G-Eval) metric's stored steps: its evaluation steps, then one judgement of the conversation or one per assistant turn (0-based). */
const stored = z.object({
  evaluationSteps: z.array(z.string()),
  judgement: z
    .object({
      score: z.number(),
      weightedScore: z.number().optional(),
      reason: z.string(),
      /** Turns the judge named as costing points, numbered from 1 as it was shown them. */
      turns: z.array(z.object({ turn: z.number(), reason: z.string() })).default([]),
    })
    .optional(),
  turns: z.array(z.object({ turn: z.number(), score: z.number(), reason: z.string(), weighted: z.boolean().default(false) })).optional(),
});

/** What a custom metric's steps show in the conversation view; null when they do not read as G-Eval's. */
export function gEvalView(steps: unknown): StepsView | null {
  const parsed = stored.safeParse(steps ?? {});
  if (!parsed.success) return null;
  const { evaluationSteps, judgement, turns } = parsed.data;
  const view: StepsView = [{ title: 'Evaluation steps', empty: 'No evaluation step.', groups: [group('steps', [{ kind: 'list', items: evaluationSteps, ordered: true }])] }];
  if (judgement) {
    const weighted = judgement.weightedScore === undefined ? '' : ` · weighted by the judge’s token probabilities: ${judgement.weightedScore.toFixed(2)}`;
    view.push({
      title: 'Judgement of the conversation',
      empty: '',
      groups: [
        group('judgement', [
          { kind: 'note', text: `Score ${judgement.score} of 10${weighted}` },
          judgement.turns.length === 0
            ? { kind: 'note', text: 'The judge named no turn as costing points.' }
            : { kind: 'verdicts', items: judgement.turns.map((t) => ({ key: String(t.turn), subject: `Turn ${t.turn}`, verdict: 'no', reason: t.reason })) },
        ]),
      ],
    });
  }
  if (turns) {
    view.push({
      title: 'Assistant turns',
      empty: 'No assistant turn was judged.',
      groups: turns.map((t) =>
        group(t.turn, [{ kind: 'note', text: t.reason }], { heading: [{ turn: t.turn }, ' · score ', { score: t.score }, t.weighted ? ' · probability-weighted' : ''] }),
      ),
    });
  }
  return view;
}
