import { z } from 'zod';

/** One message of a conversation, as every metric and importer sees it. */
export const turnSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  /** Documents the assistant retrieved for this reply (deepeval's retrieval_context). */
  retrievalContext: z.array(z.string()).optional(),
  /** Reference items the reply should cover (Mastra's context); context_coverage reads it. */
  context: z.array(z.string()).optional(),
  toolsCalled: z.array(z.unknown()).optional(),
  /** The tools the assistant should have called for this reply (deepeval's expected_tools); tool_use reads it. */
  expectedTools: z.array(z.unknown()).optional(),
  /** The reply the assistant should have given (contextual_recall reads it). */
  expectedOutput: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  /** People's verdicts on this turn by metric, from the dataset file: { "turn_faithfulness": "no" }. */
  labels: z.record(z.string(), z.enum(['yes', 'no'])).optional(),
});
export type Turn = z.infer<typeof turnSchema>;

export const conversationSchema = z.object({
  externalId: z.string().optional(),
  name: z.string().optional(),
  scenario: z.string().optional(),
  expectedOutcome: z.string().optional(),
  chatbotRole: z.string().optional(),
  userDescription: z.string().optional(),
  context: z.array(z.string()).optional(),
  /** Topics the chatbot should answer on (deepeval's relevant_topics); topic_adherence reads it. */
  relevantTopics: z.array(z.string()).optional(),
  /** Tools the chatbot may call (deepeval's available_tools); tool_use reads it. */
  availableTools: z.array(z.unknown()).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  turns: z.array(turnSchema),
});
export type Conversation = z.infer<typeof conversationSchema>;
