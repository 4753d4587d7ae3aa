import { z } from 'zod';

/**
 * What a custom judged metric (G-Eval, as deepeval defines GEval and ConversationalGEval) is made
 * of, as a user writes it: `{ "name": "refund_policy", "scope": "conversation", "criteria": "…" }`
 * with optional evaluation steps, rubric, fields, window size, threshold and strict mode.
 */

/** Fields a G-Eval metric may show the judge; content and role of each turn are always shown. */
export const G_EVAL_FIELDS = ['content', 'role', 'retrieval_context', 'expected_output', 'tools_called', 'scenario', 'expected_outcome', 'chatbot_role'] as const;
export type GEvalField = (typeof G_EVAL_FIELDS)[number];

/** How a field is named in the prompts (deepeval's CONVERSATIONAL_G_EVAL_PARAMS, with ours added). */
export const FIELD_LABELS: Record<GEvalField, string> = {
  content: 'Content',
  role: 'Role',
  retrieval_context: 'Retrieval Context',
  expected_output: 'Expected Output',
  tools_called: 'Tools Called',
  scenario: 'Scenario',
  expected_outcome: 'Expected Outcome',
  chatbot_role: 'Chatbot Role',
};

/** Fields that belong to the conversation, not to a turn. */
export const CONVERSATION_FIELDS: ReadonlySet<GEvalField> = new Set(['scenario', 'expected_outcome', 'chatbot_role']);

/** How much text a definition may hold: it is sent to the judge with every turn it scores. */
export const DEFINITION_LIMITS = { criteriaChars: 10_000, steps: 20, stepChars: 2_000, rubricItems: 11, rubricMeaningChars: 1_000 } as const;
const chars = (n: number) => n.toLocaleString('en-US');

const rubricItem = z
  .strictObject({
    range: z.tuple([z.number().int().min(0).max(10), z.number().int().min(0).max(10)], { error: 'a range is [from, to], whole numbers from 0 to 10' }),
    meaning: z.string().trim().min(1, 'say what a score in this range means').max(DEFINITION_LIMITS.rubricMeaningChars, `keep a meaning under ${chars(DEFINITION_LIMITS.rubricMeaningChars)} characters`),
  })
  .refine((r) => r.range[0] <= r.range[1], { message: 'a range must start at or below its end', path: ['range'] });
export type RubricItem = z.infer<typeof rubricItem>;

/** Rubric items sorted by where they start; overlapping ranges are refused (deepeval's validate_and_sort_rubrics). */
const rubricSchema = z
  .array(rubricItem)
  // Ranges within 0–10 that do not overlap: at most 11.
  .max(DEFINITION_LIMITS.rubricItems, `give at most ${DEFINITION_LIMITS.rubricItems} ranges (scores run from 0 to 10)`)
  .transform((items) => [...items].sort((a, b) => a.range[0] - b.range[0]))
  .superRefine((items, ctx) => {
    for (let i = 1; i < items.length; i++) {
      if (items[i - 1].range[1] >= items[i].range[0]) {
        ctx.addIssue({ code: 'custom', message: `ranges ${items[i - 1].range.join('–')} and ${items[i].range.join('–')} overlap` });
      }
    }
  });

const WINDOW_MESSAGE = 'the window size is a whole number of exchanges from 1 to 50';
const THRESHOLD_MESSAGE = 'the threshold is a number from 0 to 1 (e.g. 0.5)';

export const gEvalDefinitionSchema = z
  .strictObject({
    name: z
      .string()
      .regex(/^[a-z][a-z0-9_]{1,62}$/, 'use 2–63 lower-case letters, digits and "_", starting with a letter (e.g. refund_policy)'),
    scope: z.enum(['conversation', 'turn'], { error: 'scope is "conversation" or "turn"' }),
    criteria: z
      .string()
      .trim()
      .min(1, 'criteria cannot be empty')
      .max(DEFINITION_LIMITS.criteriaChars, `keep the criteria under ${chars(DEFINITION_LIMITS.criteriaChars)} characters`)
      .optional(),
    evaluationSteps: z
      .array(z.string().trim().min(1, 'a step cannot be empty').max(DEFINITION_LIMITS.stepChars, `keep a step under ${chars(DEFINITION_LIMITS.stepChars)} characters`))
      .min(1, 'give at least one step, or leave the steps out')
      .max(DEFINITION_LIMITS.steps, `give at most ${DEFINITION_LIMITS.steps} steps`)
      .optional(),
    rubric: rubricSchema.optional(),
    fields: z.array(z.enum(G_EVAL_FIELDS)).max(G_EVAL_FIELDS.length * 2, 'list each field once').optional(),
    windowSize: z
      .number({ error: WINDOW_MESSAGE })
      .int(WINDOW_MESSAGE)
      .min(1, WINDOW_MESSAGE)
      .max(50, WINDOW_MESSAGE)
      .default(3),
    threshold: z.number({ error: THRESHOLD_MESSAGE }).min(0, THRESHOLD_MESSAGE).max(1, THRESHOLD_MESSAGE).default(0.5),
    strictMode: z.boolean().default(false),
  })
  .refine((d) => d.criteria !== undefined || d.evaluationSteps !== undefined, { message: 'give criteria, evaluation steps, or both', path: ['criteria'] })
  .transform((d) => ({
    ...d,
    // The judge always reads what each turn says and who said it (deepeval adds CONTENT and ROLE).
    fields: [...new Set<GEvalField>(['content', 'role', ...(d.fields ?? [])])],
  }));

export type GEvalDefinitionInput = z.input<typeof gEvalDefinitionSchema>;
export type GEvalDefinition = z.output<typeof gEvalDefinitionSchema>;

/** "Content, Role, and Retrieval Context" (deepeval's construct_conversational_g_eval_turn_params_string). */
export function fieldsPhrase(fields: readonly GEvalField[]): string {
  const labels = fields.map((f) => FIELD_LABELS[f]);
  if (labels.length <= 1) return labels[0] ?? '';
  if (labels.length === 2) return labels.join(' and ');
  return `${labels.slice(0, -1).join(', ')}, and ${labels[labels.length - 1]}`;
}
