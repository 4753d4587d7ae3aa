import { z } from 'zod';

/*
 * A result's stored steps and judge call records, read back with schemas: they are JSON the
 * metrics wrote (lib/metrics/<metric>/index.ts), and a result from an older or foreign writer
 * must show as raw JSON rather than break the page.
 */

const verdict = z.enum(['yes', 'no', 'idk']);
const yesNo = z.enum(['yes', 'no']);

const knowledgeRetention = z.object({
  facts: z.array(z.object({ turn: z.number(), facts: z.array(z.object({ key: z.string(), values: z.array(z.string()) })) })).default([]),
  attrition: z.array(z.object({ turn: z.number(), attrition: yesNo, reason: z.string() })).default([]),
});

const claimVerdict = z.object({ claim: z.string(), verdict, reason: z.string() });
/** A window (or turn) the judge failed on keeps a null score and its error. */
const unitScore = z.number().nullable();
const unitError = z.string().optional();
const turnFaithfulness = z.object({
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
        score: unitScore,
        error: unitError,
      }),
    )
    .default([]),
  /** Each assistant turn on its own claims (absent in results stored before per-turn verdicts). */
  turns: z.array(z.object({ turn: z.number(), exchange: z.number(), claims: z.array(claimVerdict), score: z.number(), verdict })).default([]),
});

const conversationRelevancy = z.object({
  windows: z.array(z.object({ exchange: z.number(), turn: z.number(), exchanges: z.tuple([z.number(), z.number()]), verdict: yesNo.nullable(), reason: z.string() })).default([]),
});

const contextualRecall = z.object({
  sentences: z
    .array(
      z.object({
        turn: z.number(),
        expectedOutput: z.string(),
        sentences: z.array(z.object({ sentence: z.string(), verdict: yesNo, node: z.number().nullable(), reason: z.string() })),
        score: z.number(),
      }),
    )
    .default([]),
});

const contextCoverage = z.object({
  items: z.array(z.object({ turn: z.number(), items: z.array(z.object({ item: z.string(), verdict: yesNo, reason: z.string() })), score: z.number() })).default([]),
});

const turnContextualRecall = z.object({
  windows: z
    .array(
      z.object({
        exchange: z.number(),
        turn: z.number(),
        exchanges: z.tuple([z.number(), z.number()]),
        retrievalContext: z.array(z.string()),
        sentences: z.array(z.object({ sentence: z.string(), verdict: yesNo, node: z.number().nullable(), reason: z.string() })),
        score: unitScore,
        error: unitError,
      }),
    )
    .default([]),
});

/** A custom (G-Eval) metric: its evaluation steps, then one judgement of the conversation or one per assistant turn (0-based). */
const gEval = z.object({
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

export type TurnContextualRecallSteps = z.infer<typeof turnContextualRecall>;
export type GEvalSteps = z.infer<typeof gEval>;
export type KnowledgeRetentionSteps = z.infer<typeof knowledgeRetention>;
export type TurnFaithfulnessSteps = z.infer<typeof turnFaithfulness>;
export type ConversationRelevancySteps = z.infer<typeof conversationRelevancy>;
export type ContextualRecallSteps = z.infer<typeof contextualRecall>;
export type ContextCoverageSteps = z.infer<typeof contextCoverage>;

export type ResultSteps =
  | { kind: 'knowledge_retention'; steps: KnowledgeRetentionSteps }
  | { kind: 'turn_faithfulness'; steps: TurnFaithfulnessSteps }
  | { kind: 'conversation_relevancy'; steps: ConversationRelevancySteps }
  | { kind: 'contextual_recall'; steps: ContextualRecallSteps }
  | { kind: 'context_coverage'; steps: ContextCoverageSteps }
  | { kind: 'turn_contextual_recall'; steps: TurnContextualRecallSteps }
  | { kind: 'g_eval'; steps: GEvalSteps }
  /** Steps no schema here reads: shown as they are. */
  | { kind: 'raw'; json: string };

const schemas = {
  knowledge_retention: knowledgeRetention,
  turn_faithfulness: turnFaithfulness,
  conversation_relevancy: conversationRelevancy,
  contextual_recall: contextualRecall,
  context_coverage: contextCoverage,
  turn_contextual_recall: turnContextualRecall,
} as const;

export function parseResultSteps(metric: string, steps: unknown): ResultSteps {
  const raw = (): ResultSteps => ({ kind: 'raw', json: JSON.stringify(steps ?? null, null, 2) });
  if (!(metric in schemas)) {
    // Any other name is a custom metric, whose steps start with its evaluation steps.
    const custom = gEval.safeParse(steps ?? {});
    return custom.success ? { kind: 'g_eval', steps: custom.data } : raw();
  }
  const kind = metric as keyof typeof schemas;
  const parsed = schemas[kind].safeParse(steps ?? {});
  return parsed.success ? ({ kind, steps: parsed.data } as ResultSteps) : raw();
}

const callSchema = z.object({
  step: z.string(),
  cacheKey: z.string(),
  cached: z.boolean().default(false),
  promptTokens: z.number().default(0),
  completionTokens: z.number().default(0),
  messages: z.array(z.object({ role: z.string(), content: z.string() })).optional(),
  /** Requests of the step that gave no usable reply, with their cause. */
  retries: z.array(z.object({ attempt: z.number(), cause: z.string() })).optional(),
});

export type JudgeCallRecord = z.infer<typeof callSchema>;

/** The result's judge call records; records that do not read are skipped and counted. */
export function parseJudgeCalls(calls: unknown): { calls: JudgeCallRecord[]; unreadable: number } {
  if (!Array.isArray(calls)) return { calls: [], unreadable: calls === null || calls === undefined ? 0 : 1 };
  const read = calls.map((c) => callSchema.safeParse(c));
  return { calls: read.flatMap((r) => (r.success ? [r.data] : [])), unreadable: read.filter((r) => !r.success).length };
}
