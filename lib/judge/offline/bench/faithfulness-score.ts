import { stepSchemas, type StepName, type StepOutput } from '../../steps';
import type { Judge } from '../../types';

async function ask<S extends StepName>(judge: Judge, step: S, input: unknown): Promise<StepOutput<S>> {
  const schema = stepSchemas[step].output as unknown as import('zod').ZodType<StepOutput<S>>;
  const reply = await judge.call({
    step,
    input,
    messages: [{ role: 'user', content: JSON.stringify(input) }],
    schema,
    schemaName: step.replace('.', '_'),
  });
  return reply.output;
}

/**
 * The turn_faithfulness score of one exchange: truths of the documents, claims of the reply,
 * verdicts; (verdicts that are not "no") / verdicts, 1 with no claims.
 */
export async function exchangeFaithfulness(judge: Judge, reply: string, documents: string[]): Promise<number> {
  const truths = await ask(judge, 'turn_faithfulness.truths', { documents, limit: null });
  const { claims } = await ask(judge, 'turn_faithfulness.claims', { message: reply });
  if (claims.length === 0) return 1;
  const { verdicts } = await ask(judge, 'turn_faithfulness.verdicts', {
    claims,
    truths: truths.documents.flatMap((d) => d.truths),
  });
  return verdicts.length === 0 ? 1 : verdicts.filter((v) => v.verdict !== 'no').length / verdicts.length;
}
