import type { Turn } from '../domain';

/** Drops undefined values and empty objects, so that two copies of one case or golden build equal conversations. */
export function defined<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) {
    const v = value[key] as unknown;
    if (v === undefined || (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0)) delete value[key];
  }
  return value;
}

/** What deepeval's single-turn test cases and goldens share: an input and what answered it. */
export interface SingleTurnFields {
  input: string;
  actualOutput?: string;
  expectedOutput?: string;
  context?: string[];
  retrievalContext?: string[];
  toolsCalled?: unknown[];
  expectedTools?: unknown[];
}

/**
 * A single-turn case or golden as turns: the input as the user's message and, when there is one
 * or something belongs to it, the reply (as Turnwise's deepeval file import reads one). `noReply`
 * says the reply turn holds no actual output (an expected output alone).
 */
export function singleTurnExchange(c: SingleTurnFields): { turns: Turn[]; noActualOutput: boolean } {
  const reply = defined<Turn>({
    role: 'assistant',
    content: c.actualOutput ?? '',
    expectedOutput: c.expectedOutput,
    retrievalContext: c.retrievalContext,
    context: c.context,
    toolsCalled: c.toolsCalled,
    expectedTools: c.expectedTools,
  });
  const hasReply = c.actualOutput !== undefined || Object.keys(reply).length > 2;
  return { turns: [{ role: 'user', content: c.input }, ...(hasReply ? [reply] : [])], noActualOutput: hasReply && c.actualOutput === undefined };
}
