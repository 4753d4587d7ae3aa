import { AppError } from '../errors';
import { checkDefinition, type GEvalDefinition, type GEvalDefinitionInput } from '../metrics/g-eval';
import { isBuiltInMetric } from '../metrics/registry';

/** A definition as a user wrote it, checked; a problem is BAD_INPUT naming its field. */
export function checkCustomDefinition(input: unknown): GEvalDefinition {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new AppError('BAD_INPUT', 'A metric definition is a JSON object, e.g. {"name": "refund_policy", "scope": "conversation", "criteria": "…"}', { field: 'definition' });
  }
  const definition = checkDefinition(input as GEvalDefinitionInput);
  if (isBuiltInMetric(definition.name)) {
    throw new AppError('BAD_INPUT', `name: ${definition.name} is a built-in metric; give the custom metric another name`, { field: 'name' });
  }
  return definition;
}
