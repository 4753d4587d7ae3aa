import { AppError, isAppError } from '../errors';
import type { Judge } from '../judge/types';
import { createGEvalMetric, type GEvalDefinition } from '../metrics/g-eval';
import { redactSecrets } from '../redact-secrets';

/**
 * The definition with its evaluation steps: the ones it lists, else those the judge writes from
 * the criteria (one call). A judge that cannot write them is a JUDGE error naming the cause.
 */
export async function withEvaluationSteps(definition: GEvalDefinition, judge: Judge): Promise<{ definition: GEvalDefinition; written: boolean }> {
  if (definition.evaluationSteps?.length) return { definition, written: false };
  try {
    const steps = await createGEvalMetric(definition, judge).prepareSteps();
    return { definition: { ...definition, evaluationSteps: steps }, written: true };
  } catch (error) {
    if (isAppError(error) && error.code !== 'INTERNAL') throw error;
    throw new AppError('JUDGE', `The judge could not write the evaluation steps: ${redactSecrets((error as Error).message)}`, { field: 'evaluationSteps' });
  }
}
