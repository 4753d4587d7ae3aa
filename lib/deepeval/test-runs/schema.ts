import { z } from 'zod';
import type { ConversationLimits } from '../../datasets';
import { FIELD_LIMITS as F } from '../../domain/conversation-limits';
import { DEEPEVAL_LIMITS as L } from '../limits';

/*
 * The bodies deepeval's client sends to /v1/test-run (deepeval/test_run/test_run.py TestRun and
 * RemainingTestRun, deepeval/test_run/api.py; the TypeScript client's evaluate/confident.js), in
 * the camelCase both send. Only what Turnwise stores is checked; any other field passes (a newer
 * client's fields are kept as metadata or ignored, never refused). `null` is read as absent.
 */

const text = (max: number) => z.string().max(max, `at most ${max.toLocaleString('en-US')} characters`);
const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v): z.output<T> | undefined => v ?? undefined);
const textList = optional(z.array(z.string()).max(F.listItems, `at most ${F.listItems.toLocaleString('en-US')} items`));
const count = optional(z.number().int().min(0));

/** deepeval's ToolCall as the API sends it: a name, and anything else it carries. */
const toolCall = z.looseObject({ name: text(L.nameChars).min(1, 'a tool needs a name') });

export const metricDataSchema = z.looseObject({
  name: text(L.nameChars).min(1, 'a metric needs a name'),
  threshold: optional(z.number()),
  success: optional(z.boolean()),
  score: optional(z.number()),
  reason: optional(z.string()),
  strictMode: optional(z.boolean()),
  flaky: optional(z.boolean()),
  evaluationModel: optional(text(L.nameChars)),
  error: optional(z.string()),
  evaluationCost: optional(z.number().min(0)),
  inputTokenCount: count,
  outputTokenCount: count,
  verboseLogs: optional(z.string()),
});
export type MetricData = z.infer<typeof metricDataSchema>;

const metricsData = optional(z.array(metricDataSchema).max(L.metricsPerCase, `at most ${L.metricsPerCase} metrics on one test case`));
const caseOrder = optional(z.number().int().min(0));

function turnSchema(limits: ConversationLimits) {
  return z.looseObject({
    role: z.enum(['user', 'assistant'], { error: 'must be "user" or "assistant"' }),
    content: z.string().max(limits.maxTurnChars, `at most ${limits.maxTurnChars.toLocaleString('en-US')} characters (TURNWISE_MAX_TURN_CHARS)`),
    order: caseOrder,
    userId: optional(text(L.nameChars)),
    retrievalContext: textList,
    toolsCalled: optional(z.array(toolCall).max(F.toolCallsPerTurn, `at most ${F.toolCallsPerTurn} tool calls`)),
    comments: optional(z.string()),
  });
}

export function conversationalCaseSchema(limits: ConversationLimits) {
  return z.looseObject({
    name: optional(text(L.nameChars)),
    success: optional(z.boolean()),
    metricsData,
    runDuration: optional(z.number()),
    evaluationCost: optional(z.number()),
    turns: z.array(turnSchema(limits)).max(limits.maxTurns, `at most ${limits.maxTurns.toLocaleString('en-US')} turns (TURNWISE_MAX_TURNS)`),
    order: caseOrder,
    scenario: optional(text(F.scenarioChars)),
    expectedOutcome: optional(text(F.expectedOutcomeChars)),
    userDescription: optional(text(F.userDescriptionChars)),
    chatbotRole: optional(text(F.chatbotRoleChars)),
    context: textList,
    comments: optional(z.string()),
    metadata: optional(z.record(z.string(), z.unknown())),
    tags: textList,
    flaky: optional(z.boolean()),
  });
}
export type ConversationalCase = z.infer<ReturnType<typeof conversationalCaseSchema>>;

export function singleCaseSchema(limits: ConversationLimits) {
  const turnText = z.string().max(limits.maxTurnChars, `at most ${limits.maxTurnChars.toLocaleString('en-US')} characters (TURNWISE_MAX_TURN_CHARS)`);
  return z.looseObject({
    name: optional(text(L.nameChars)),
    input: turnText,
    actualOutput: optional(turnText),
    expectedOutput: optional(turnText),
    context: textList,
    retrievalContext: textList,
    toolsCalled: optional(z.array(toolCall).max(F.toolCallsPerTurn, `at most ${F.toolCallsPerTurn} tool calls`)),
    expectedTools: optional(z.array(toolCall).max(F.toolCallsPerTurn, `at most ${F.toolCallsPerTurn} tool calls`)),
    tokenCost: optional(z.number()),
    completionTime: optional(z.number()),
    tags: textList,
    flaky: optional(z.boolean()),
    success: optional(z.boolean()),
    metricsData,
    runDuration: optional(z.number()),
    evaluationCost: optional(z.number()),
    order: caseOrder,
    metadata: optional(z.record(z.string(), z.unknown())),
    comments: optional(z.string()),
  });
}
export type SingleCase = z.infer<ReturnType<typeof singleCaseSchema>>;

const cases = <T extends z.ZodType>(schema: T) => optional(z.array(schema).max(L.casesPerRequest, `at most ${L.casesPerRequest.toLocaleString('en-US')} test cases in one request`));

const metricScores = z.looseObject({
  metric: text(L.nameChars),
  scores: optional(z.array(z.number().nullable())),
  passes: count,
  fails: count,
  errors: count,
});

/** POST /v1/test-run, and a test_run_*.json file of DEEPEVAL_RESULTS_FOLDER (the same body, with every case). */
export function testRunSchema(limits: ConversationLimits) {
  return z.looseObject({
    testFile: optional(text(L.nameChars)),
    testCases: cases(singleCaseSchema(limits)),
    conversationalTestCases: cases(conversationalCaseSchema(limits)),
    metricsScores: optional(z.array(metricScores).max(L.metricsPerCase)),
    identifier: optional(text(L.nameChars)),
    hyperparameters: optional(
      z.record(z.string().max(L.nameChars), z.unknown()).refine((h) => Object.keys(h).length <= L.hyperparameters, `at most ${L.hyperparameters} hyperparameters`),
    ),
    testPassed: count,
    testFailed: count,
    runDuration: optional(z.number()),
    evaluationCost: optional(z.number()),
    datasetAlias: optional(text(L.nameChars)),
    datasetId: optional(text(L.nameChars)),
    official: optional(z.boolean()),
  });
}
export type TestRunBody = z.infer<ReturnType<typeof testRunSchema>>;

/** PUT /v1/test-run: the rest of a test run's cases, for the id the POST answered. */
export function remainingTestRunSchema(limits: ConversationLimits) {
  return z.looseObject({
    testRunId: z.string({ error: 'the id the POST answered is needed' }).min(1).max(200),
    testCases: cases(singleCaseSchema(limits)),
    conversationalTestCases: cases(conversationalCaseSchema(limits)),
  });
}
export type RemainingTestRunBody = z.infer<ReturnType<typeof remainingTestRunSchema>>;
