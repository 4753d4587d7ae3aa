import { z } from 'zod';
import type { ConversationLimits } from '../../datasets';
import { FIELD_LIMITS as F } from '../../domain/conversation-limits';
import { DEEPEVAL_LIMITS as L } from '../limits';

/*
 * POST /v1/datasets/:alias (deepeval/dataset/api.py APIDataset; the TypeScript client's
 * dataset.push): `finalized`, an optional `version`, and goldens or conversational goldens.
 * Python sends a golden's own fields in camelCase and its turns' in snake_case (deepeval's Turn
 * has no serialization alias); TypeScript sends camelCase throughout. Both spellings are read.
 * Other fields pass and are kept.
 */

const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v): z.output<T> | undefined => v ?? undefined);
const text = (max: number) => z.string().max(max, `at most ${max.toLocaleString('en-US')} characters`);
const textList = optional(z.array(z.string()).max(F.listItems, `at most ${F.listItems.toLocaleString('en-US')} items`));
const toolList = optional(z.array(z.looseObject({ name: text(L.nameChars).min(1, 'a tool needs a name') })).max(F.listItems));
const record = optional(z.record(z.string(), z.unknown()));

const SNAKE_TO_CAMEL: Record<string, string> = {
  retrieval_context: 'retrievalContext',
  tools_called: 'toolsCalled',
  expected_tools: 'expectedTools',
  user_id: 'userId',
  latency_ms: 'latencyMs',
  additional_metadata: 'additionalMetadata',
  expected_output: 'expectedOutput',
  actual_output: 'actualOutput',
  expected_outcome: 'expectedOutcome',
  user_description: 'userDescription',
  source_file: 'sourceFile',
  custom_column_key_values: 'customColumnKeyValues',
  mcp_tools_called: 'mcpToolsCalled',
  mcp_resources_called: 'mcpResourcesCalled',
  mcp_prompts_called: 'mcpPromptsCalled',
};

/** An object with deepeval's snake_case field names spelt in camelCase (a field given both ways keeps the camelCase one). */
function camel(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const name = SNAKE_TO_CAMEL[key] ?? key;
    if (!(name in out) || name === key) out[name] = v;
  }
  return out;
}
const camelCased = <T extends z.ZodType>(schema: T) => z.preprocess(camel, schema);

function goldenTurnSchema(limits: ConversationLimits) {
  return camelCased(
    z.looseObject({
      role: z.enum(['user', 'assistant'], { error: 'must be "user" or "assistant"' }),
      content: z.string().max(limits.maxTurnChars, `at most ${limits.maxTurnChars.toLocaleString('en-US')} characters (TURNWISE_MAX_TURN_CHARS)`),
      retrievalContext: optional(z.array(z.union([z.string(), z.looseObject({ context: z.string() })]).transform((rc) => (typeof rc === 'string' ? rc : rc.context))).max(F.listItems)),
      toolsCalled: toolList,
      metadata: record,
      additionalMetadata: record,
    }),
  );
}

export function conversationalGoldenSchema(limits: ConversationLimits) {
  return camelCased(
    z.looseObject({
      scenario: text(F.scenarioChars),
      expectedOutcome: optional(text(F.expectedOutcomeChars)),
      userDescription: optional(text(F.userDescriptionChars)),
      context: textList,
      additionalMetadata: record,
      comments: optional(z.string()),
      name: optional(text(L.nameChars)),
      customColumnKeyValues: optional(z.record(z.string(), z.unknown())),
      turns: optional(z.array(goldenTurnSchema(limits)).max(limits.maxTurns, `at most ${limits.maxTurns.toLocaleString('en-US')} turns (TURNWISE_MAX_TURNS)`)),
    }),
  );
}
export type ConversationalGolden = z.infer<ReturnType<typeof conversationalGoldenSchema>>;

export function goldenSchema(limits: ConversationLimits) {
  const turnText = z.string().max(limits.maxTurnChars, `at most ${limits.maxTurnChars.toLocaleString('en-US')} characters (TURNWISE_MAX_TURN_CHARS)`);
  return camelCased(
    z.looseObject({
      input: turnText,
      actualOutput: optional(turnText),
      expectedOutput: optional(turnText),
      context: textList,
      retrievalContext: optional(z.array(z.union([z.string(), z.looseObject({ context: z.string() })]).transform((rc) => (typeof rc === 'string' ? rc : rc.context))).max(F.listItems)),
      additionalMetadata: record,
      comments: optional(z.string()),
      toolsCalled: toolList,
      expectedTools: toolList,
      sourceFile: optional(text(L.nameChars)),
      name: optional(text(L.nameChars)),
      customColumnKeyValues: optional(z.record(z.string(), z.unknown())),
    }),
  );
}
export type Golden = z.infer<ReturnType<typeof goldenSchema>>;

const many = <T extends z.ZodType>(schema: T) => optional(z.array(schema).max(L.casesPerRequest, `at most ${L.casesPerRequest.toLocaleString('en-US')} goldens in one push`));

export function datasetPushSchema(limits: ConversationLimits) {
  return z
    .looseObject({
      finalized: optional(z.boolean()),
      version: optional(text(L.nameChars).min(1)),
      goldens: many(goldenSchema(limits)),
      conversationalGoldens: many(conversationalGoldenSchema(limits)),
    })
    .superRefine((body, ctx) => {
      const given = (body.goldens?.length ?? 0) + (body.conversationalGoldens?.length ?? 0);
      if (given === 0) ctx.addIssue({ code: 'custom', path: ['conversationalGoldens'], message: 'no goldens: push goldens or conversationalGoldens' });
      else if (body.goldens?.length && body.conversationalGoldens?.length) ctx.addIssue({ code: 'custom', path: ['goldens'], message: 'push goldens or conversationalGoldens, not both' });
    });
}
export type DatasetPush = z.infer<ReturnType<typeof datasetPushSchema>>;
